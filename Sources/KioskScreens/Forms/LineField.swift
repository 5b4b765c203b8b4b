/// A labelled one-line text field as drawn: the text comes from the view model, the cursor
/// from the terminal's focus state.
struct LineField: Sendable {
    var label: String
    var text: String
    /// Characters before the cursor, when the field has focus.
    var cursor: Int?
    var isMasked = false
    /// Shown after the field, e.g. the detected card brand.
    var trailing: String?
    /// The view model's message for this field, drawn under it.
    var error: String?
    /// Cells for the input itself; the rest of the row is left to `trailing`.
    var width = 24
}
