/// The keys every line screen shares: Tab and the arrows (or j/k outside fields) move focus,
/// a focused field takes typing and editing keys, Enter does the focused control's action and
/// Space switches a focused checkbox or picks a focused choice.
/// Returns nil for keys left to the screen or the global keys.
public enum FormKeys {
    /// What a key did: moved focus or edited nothing (handled), or asks the app to do an action.
    public enum Outcome<Action: Sendable>: Sendable {
        case handled
        case send(Action)
    }

    public static func handle<Action>(_ key: Key, controls: [LineControl<Action>], focus: inout FormFocus) -> Outcome<Action>? {
        let index = controls.firstIndex { $0.id == focus.id }
        let focused = index.map { controls[$0] }
        if let binding = focused?.field, let edited = binding.edit(key, cursor: focus.cursor) {
            focus.cursor = edited.cursor
            return edited.text == binding.text ? .handled : .send(binding.change(edited.text))
        }
        switch key {
        case .tab:
            return move(by: 1, from: index, controls: controls, focus: &focus)
        case .backTab:
            return move(by: -1, from: index, controls: controls, focus: &focus)
        case .down, .character("j"), .right, .character("l"):
            return move(by: 1, from: index, controls: controls, focus: &focus, wraps: false)
        case .up, .character("k"), .left, .character("h"):
            return move(by: -1, from: index, controls: controls, focus: &focus, wraps: false)
        case .enter:
            guard let action = focused?.action else { return nil }
            return .send(action)
        case .character(" ") where focused?.isChoice == true:
            return focused?.action.map { .send($0) } ?? .handled
        default:
            return nil
        }
    }

    private static func move<Action>(by step: Int, from index: Int?, controls: [LineControl<Action>], focus: inout FormFocus,
                                     wraps: Bool = true) -> Outcome<Action>? {
        guard !controls.isEmpty else { return nil }
        guard let index else {
            focus.move(to: controls[step > 0 ? 0 : controls.count - 1].id)
            return .handled
        }
        var next = index + step
        if wraps {
            next = (next + controls.count) % controls.count
        } else {
            next = min(max(0, next), controls.count - 1)
        }
        focus.move(to: controls[next].id)
        return .handled
    }

    /// Status-bar hints for the focused control.
    public static func hints<Action>(controls: [LineControl<Action>], focus: FormFocus) -> [KeyHint] {
        // Paged away from the focused control: Enter does nothing until Tab picks one in view,
        // so naming the focused control's action would name a button off screen (issue 41, item 12).
        if focus.isDetached, !controls.isEmpty { return [KeyHint(key: "Tab", action: "Pick a control")] }
        guard let focused = controls.first(where: { $0.id == focus.id }) else {
            return controls.isEmpty ? [] : [KeyHint(key: "Tab", action: "Next")]
        }
        var hints: [KeyHint] = []
        if let name = focused.fieldName { hints.append(KeyHint(key: "Type", action: name)) }
        if let enter = focused.enterHint { hints.append(KeyHint(key: "Enter", action: enter)) }
        if controls.count > 1 { hints.append(KeyHint(key: "Tab", action: focused.field != nil ? "Next field" : "Next")) }
        return hints
    }
}
