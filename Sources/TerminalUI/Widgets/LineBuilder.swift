/// Collects a screen's lines and, in the same order, its focusable controls, so what is drawn
/// and what Tab walks can never disagree.
public struct LineBuilder<Action: Sendable> {
    public let focus: FormFocus
    /// The spinner's frame for work in progress (loading, processing), turned by the clock ticks
    /// the state has seen, never by a clock of its own, so snapshots of one state match.
    public let workingMark: String
    public private(set) var lines: [ScreenLine<Action>] = []
    public private(set) var controls: [LineControl<Action>] = []
    /// What clicking a field or a choice does: focus that control.
    private let focusing: @Sendable (String) -> Action

    public init(focus: FormFocus, ticks: Int = 0, focusing: @escaping @Sendable (String) -> Action) {
        self.focus = focus
        self.focusing = focusing
        workingMark = ["|", "/", "-", "\\"][((ticks % 4) + 4) % 4]
    }

    /// A control with no line of its own (drawn elsewhere, like the settings section list).
    public mutating func control(_ control: LineControl<Action>) { controls.append(control) }

    /// A line that is itself a control.
    public mutating func line(_ line: ScreenLine<Action>, control: LineControl<Action>) {
        var line = line
        line.controlIDs = [control.id]
        lines.append(line)
        controls.append(control)
    }

    public mutating func text(_ text: String, _ tone: LineTone = .base) {
        lines.append(ScreenLine(.text(text, tone)))
    }

    public mutating func pair(_ label: String, _ value: String, _ tone: LineTone = .base) {
        lines.append(ScreenLine(.pair(label: label, value: value, tone)))
    }

    public mutating func verbatim(_ text: String) { lines.append(ScreenLine(.verbatim(text))) }
    public mutating func rule() { lines.append(ScreenLine(.rule)) }
    public mutating func blank() { lines.append(ScreenLine(.blank)) }

    public mutating func meter(_ label: String, value: Int, total: Int) {
        lines.append(ScreenLine(.meter(label: label, value: value, total: total)))
    }

    /// A button row; each button is its own control.
    public mutating func buttons(_ buttons: [(id: String, label: String, action: Action?)]) {
        guard !buttons.isEmpty else { return }
        lines.append(ScreenLine(.buttons(buttons.map {
            (button: Button($0.label, isFocused: focus.id == $0.id && !focus.isDetached), action: $0.action)
        }), controlIDs: buttons.map(\.id)))
        controls += buttons.map { LineControl(id: $0.id, action: $0.action, enterHint: $0.action == nil ? nil : $0.label) }
    }

    public mutating func choice(id: String, _ label: String, isOn: Bool, isToggle: Bool = false,
                                action: Action?, enterHint: String) {
        let isFocused = focus.id == id && !focus.isDetached
        lines.append(ScreenLine(.choice(label: label, isOn: isOn, isToggle: isToggle), isFocused: isFocused,
                                action: action ?? focusing(id), controlIDs: [id]))
        controls.append(LineControl(id: id, action: action, enterHint: enterHint, isChoice: true))
    }

    /// A text field bound to the app's state; Enter does `submit`, a click focuses it.
    public mutating func field(id: String, _ field: TextField, binding: FieldBinding<Action>, submit: Action?, submitHint: String?) {
        var drawn = field
        let isFocused = focus.id == id && !focus.isDetached
        if isFocused { drawn.state = TextFieldState(text: field.state.text, cursor: binding.position(of: focus.cursor)) }
        lines.append(ScreenLine(.field(drawn), isFocused: isFocused, action: focusing(id), controlIDs: [id]))
        controls.append(LineControl(id: id, action: submit, enterHint: submitHint, field: binding,
                                    fieldName: field.label.lowercased()))
    }
}
