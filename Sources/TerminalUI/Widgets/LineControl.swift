/// Something focusable on a line screen: a button, a choice or a text field. The list of
/// controls, in order, is what Tab walks and what Enter activates.
public struct LineControl<Action: Sendable>: Sendable {
    public var id: String
    /// What Enter does here; for a field, usually submitting its form.
    public var action: Action?
    /// Words for the status bar's Enter hint.
    public var enterHint: String?
    /// Set for text fields: keys type into it.
    public var field: FieldBinding<Action>?
    /// What a field holds, for the status bar's "Type card number".
    public var fieldName: String?
    /// A checkbox or a radio choice: Space does what Enter does, as on every other form.
    public var isChoice: Bool

    public init(id: String, action: Action?, enterHint: String? = nil, field: FieldBinding<Action>? = nil,
                fieldName: String? = nil, isChoice: Bool = false) {
        self.id = id
        self.action = action
        self.enterHint = enterHint
        self.field = field
        self.fieldName = fieldName
        self.isChoice = isChoice
    }
}
