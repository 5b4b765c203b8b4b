import Foundation
import KioskScreens
import TerminalUI

/// Turns what a person did in the terminal (keys, resizes, the clock moving) into a scenario
/// file that replays to the same end state.
///
/// Card data never reaches the file: keys typed into a card number field are kept only when the
/// number they made is a known test card, otherwise the file types 4242424242424242 instead; a
/// security code is always written as 123. A comment in the file says where this happened.
public struct ScenarioRecorder: Sendable {
    public var name: String
    public var start: Date
    public var seed: UInt64
    public var size: Size
    public var customer: CustomerSetup?
    private var lines: [String] = []
    private var pendingKeys: [String] = []
    private var cardField: CardField?
    /// The clock as last written to the file, and as last heard: ticks arrive every second or
    /// so, and are written as one `advance` before the next thing the person did.
    private var writtenTime: Date
    private var heardTime: Date

    /// The sensitive field keys are going into, with what it held before them.
    private struct CardField: Sendable {
        var kind: Kind
        var keys: [String]
        var startLength: Int
        var latest: String
        /// The card number in the form when the field was typed: a security code is written with
        /// the length its brand needs.
        var cardNumber: String

        enum Kind: Sendable { case number, cvc }
    }

    public init(name: String, start: Date = Scenario.defaultStart, seed: UInt64 = 1, size: Size,
                customer: CustomerSetup? = CustomerSetup()) {
        self.name = name
        self.start = start
        self.seed = seed
        self.size = size
        self.customer = customer
        writtenTime = start
        heardTime = start
    }

    /// Records one action the terminal handled, given the state just before and just after it.
    public mutating func record(_ action: TerminalAction, before: TerminalState, after: TerminalState) {
        switch action {
        case let .key(key):
            writeElapsedTime()
            recordKey(key, before: before, after: after)
        case let .resized(size):
            writeElapsedTime()
            flush()
            lines.append("  - resize: \(size.width)x\(size.height)")
        case let .clockTicked(date):
            heardTime = max(heardTime, date)
        case .paste:
            // Only a byte-stream backend pastes; recordings are made on curses.
            flush()
            lines.append("  # a paste here cannot be replayed and was left out")
        case .app, .focus, .input:
            // The host's own messages (launch, polling) happen again by themselves on replay, a
            // focus change comes from the click recorded before it, and a click is recorded as
            // the key it came as (`RecordingTerminal`).
            return
        }
    }

    private mutating func recordKey(_ key: Key, before: TerminalState, after: TerminalState) {
        guard let name = KeyName.name(key) else {
            flush()
            lines.append("  # a \(Self.describe(key)) here cannot be replayed and was left out")
            return
        }
        let field: CardField.Kind? = if Self.number(before) != Self.number(after) {
            .number
        } else if Self.cvc(before) != Self.cvc(after) {
            .cvc
        } else {
            nil
        }
        if let field {
            if cardField?.kind != field {
                flush()
                let length = field == .number ? Self.number(before).count : Self.cvc(before).count
                cardField = CardField(kind: field, keys: [], startLength: length, latest: "", cardNumber: Self.number(after))
            }
            cardField?.keys.append(name)
            cardField?.latest = field == .number ? Self.number(after) : Self.cvc(after)
            return
        }
        flushCardField()
        pendingKeys.append(name)
    }

    /// Ends the file with the screen the session stopped on, so a replay that drifts from the
    /// recording fails instead of passing quietly.
    public mutating func expectEnd(_ state: TerminalState) {
        writeElapsedTime()
        flush()
        lines.append("  - expect: {screen: \(state.screen.rawValue)}")
    }

    /// The scenario file.
    public mutating func yaml() -> String {
        writeElapsedTime()
        flush()
        var text = """
            # Recorded with kiosk qa record. Replay with: kiosk qa run FILE
            name: \(Self.quoted(name))
            start: \(ISO8601DateFormatter().string(from: start))
            seed: \(seed)
            size: \(size.width)x\(size.height)

            """
        if let customer {
            text += "customer: {name: \(Self.quoted(customer.name))" + (customer.card.map { ", card: \"\($0)\"" } ?? "") + "}\n"
        } else {
            text += "customer: none\n"
        }
        text += "steps:\n"
        text += lines.isEmpty ? "  - expect: {invariants: hold}\n" : lines.joined(separator: "\n") + "\n"
        return text
    }

    /// Whole seconds the clock moved since the file last said so, as one `advance`.
    private mutating func writeElapsedTime() {
        let seconds = Int(heardTime.timeIntervalSince(writtenTime))
        guard seconds >= 1 else { return }
        flush()
        writtenTime = writtenTime.addingTimeInterval(TimeInterval(seconds))
        lines.append("  - advance: PT\(seconds)S")
    }

    private mutating func flush() {
        flushCardField()
        guard !pendingKeys.isEmpty else { return }
        lines.append("  - press: [" + pendingKeys.map(Self.quoted).joined(separator: ", ") + "]")
        pendingKeys = []
    }

    private mutating func flushCardField() {
        guard let field = cardField else { return }
        cardField = nil
        let erase = Array(repeating: "backspace", count: field.startLength)
        switch field.kind {
        case .number:
            let digits = field.latest.filter(\.isNumber)
            if TestCards.isKnown(digits) || digits.isEmpty {
                lines.append("  - press: [" + field.keys.map(Self.quoted).joined(separator: ", ") + "]")
            } else {
                lines.append("  # card number replaced by the test card \(TestCards.substituteNumber): a real number is never written")
                lines.append("  - press: [" + (erase + TestCards.substituteNumber.map { Self.quoted(String($0)) }).joined(separator: ", ") + "]")
            }
        case .cvc:
            // A number that is not a test card is written as the substitute, so the code fits that.
            let digits = field.cardNumber.filter(\.isNumber)
            let code = TestCards.cvc(for: TestCards.isKnown(digits) ? digits : TestCards.substituteNumber)
            lines.append("  # security code written as \(code): a real one is never written")
            lines.append("  - press: [" + (erase + code.map { Self.quoted(String($0)) }).joined(separator: ", ") + "]")
        }
    }

    private static func number(_ state: TerminalState) -> String {
        state.app.checkout?.cardForm.number ?? state.app.settings.cardForm?.number ?? ""
    }

    private static func cvc(_ state: TerminalState) -> String {
        state.app.checkout?.cardForm.cvc ?? state.app.settings.cardForm?.cvc ?? ""
    }

    private static func describe(_ key: Key) -> String {
        switch key {
        case .mouse: "mouse event"
        case .resize: "resize key"
        default: "key the scenario format has no name for"
        }
    }

    /// Double-quoted YAML scalar, so digits, `?`, `:` and spaces stay strings.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
