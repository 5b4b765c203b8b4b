import TerminalUI

/// Key names in scenario files, both ways: the parser reads them and the recorder writes them.
public enum KeyName {
    static let named: [String: Key] = [
        "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "shift-tab": .backTab,
        "up": .up, "down": .down, "left": .left, "right": .right, "backspace": .backspace, "delete": .delete,
        "insert": .insert, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end, "space": .character(" "),
    ]

    /// Every name a `press` step accepts besides single characters, `ctrl-X` and `f1`-`f12`.
    public static var names: [String] { named.keys.sorted() }

    /// `enter`, `ctrl-l`, `f2`, or one character (`1`, `q`, `?`); nil when unknown.
    public static func key(_ name: String) -> Key? {
        if let key = named[name.lowercased()] { return key }
        if name.count == 1, let character = name.first { return .character(character) }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let character = lower.last, character.isLetter {
            return .control(character)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// The name `key(_:)` reads back; nil for events a scenario cannot replay (mouse, resize).
    public static func name(_ key: Key) -> String? {
        switch key {
        case .character(" "): return "space"
        case let .character(character): return String(character)
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .insert: return "insert"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .home: return "home"
        case .end: return "end"
        case let .function(number): return "f\(number)"
        case let .control(character): return "ctrl-\(character)"
        case .resize, .mouse, .unknown: return nil
        }
    }
}
