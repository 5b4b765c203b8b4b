/// Something focusable on a line screen: a button, a choice or a text field. The list of
/// controls, in order, is what Tab walks and what Enter activates.
struct LineControl: Sendable {
    var id: String
    /// What Enter does here; for a field, usually submitting its form.
    var action: TerminalAction?
    /// Words for the status bar's Enter hint.
    var enterHint: String?
    /// Set for text fields: keys type into it.
    var field: FieldBinding?
    /// What a field holds, for the status bar's "Type card number".
    var fieldName: String?
    /// A checkbox or a radio choice: Space does what Enter does, as on every other form.
    var isChoice = false
}
