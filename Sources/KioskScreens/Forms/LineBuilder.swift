import TerminalUI
/// Collects a screen's lines and, in the same order, its focusable controls, so what is drawn
/// and what Tab walks can never disagree.
struct LineBuilder {
    let focus: FormFocus
    /// The spinner's frame for work in progress (loading, processing), turned by the clock ticks
    /// the state has seen.
    let workingMark: String
    private(set) var lines: [ScreenLine] = []
    private(set) var controls: [LineControl] = []

    init(focus: FormFocus, ticks: Int = 0) {
        self.focus = focus
        workingMark = Spinner.frame(at: ticks)
    }

    /// A control with no line of its own (drawn elsewhere, like the settings section list).
    mutating func control(_ control: LineControl) { controls.append(control) }

    /// A line that is itself a control.
    mutating func line(_ line: ScreenLine, control: LineControl) {
        var line = line
        line.controlIDs = [control.id]
        lines.append(line)
        controls.append(control)
    }

    mutating func text(_ text: String, _ tone: LineTone = .base) {
        lines.append(ScreenLine(.text(text, tone)))
    }

    mutating func pair(_ label: String, _ value: String, _ tone: LineTone = .base) {
        lines.append(ScreenLine(.pair(label: label, value: value, tone)))
    }

    mutating func verbatim(_ text: String) { lines.append(ScreenLine(.verbatim(text))) }
    mutating func rule() { lines.append(ScreenLine(.rule)) }
    mutating func blank() { lines.append(ScreenLine(.blank)) }

    mutating func meter(_ label: String, value: Int, total: Int) {
        lines.append(ScreenLine(.meter(label: label, value: value, total: total)))
    }

    /// A button row; each button is its own control.
    mutating func buttons(_ buttons: [(id: String, label: String, action: TerminalAction?)]) {
        guard !buttons.isEmpty else { return }
        lines.append(ScreenLine(.buttons(buttons.map {
            LineButton(id: $0.id, label: $0.label, isFocused: focus.id == $0.id && !focus.isDetached, action: $0.action)
        }), controlIDs: buttons.map(\.id)))
        controls += buttons.map { LineControl(id: $0.id, action: $0.action, enterHint: $0.action == nil ? nil : $0.label) }
    }

    mutating func choice(id: String, _ label: String, isOn: Bool, isToggle: Bool = false,
                         action: TerminalAction?, enterHint: String) {
        let isFocused = focus.id == id && !focus.isDetached
        lines.append(ScreenLine(.choice(label: label, isOn: isOn, isToggle: isToggle), isFocused: isFocused,
                                action: action ?? .focus(id), controlIDs: [id]))
        controls.append(LineControl(id: id, action: action, enterHint: enterHint, isChoice: true))
    }

    /// A text field bound to the view model; Enter does `submit`.
    mutating func field(id: String, _ field: LineField, binding: FieldBinding, submit: TerminalAction?, submitHint: String?) {
        var drawn = field
        let isFocused = focus.id == id && !focus.isDetached
        if isFocused { drawn.cursor = FieldCursor.position(of: focus.cursor, in: binding) }
        lines.append(ScreenLine(.field(drawn), isFocused: isFocused, action: .focus(id), controlIDs: [id]))
        controls.append(LineControl(id: id, action: submit, enterHint: submitHint, field: binding,
                                    fieldName: field.label.lowercased()))
    }
}
