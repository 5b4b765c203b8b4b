/// Connects a drawn text field to the view model: the text it holds and the action that
/// replaces it. Characters the view model may reformat around (the spaces of a grouped card
/// number) are not "significant", so the cursor is kept as a count of significant characters.
struct FieldBinding: Sendable {
    var text: String
    var isSignificant: @Sendable (Character) -> Bool = { _ in true }
    var change: @Sendable (String) -> TerminalAction

    static let digitsOnly: @Sendable (Character) -> Bool = { $0.isASCII && $0.isNumber }
}
