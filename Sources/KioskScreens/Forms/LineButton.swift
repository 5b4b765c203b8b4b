/// One button of a button row; its `id` is what focus and clicks refer to.
struct LineButton: Sendable {
    var id: String
    var label: String
    var isFocused: Bool
    var action: TerminalAction?
}
