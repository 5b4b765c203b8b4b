import KioskScreens
import KioskViewModels
import TerminalUI

/// What QA reports may show of a card: transcripts, JUnit and failure output are kept and shared,
/// so a security code never appears in them and a card number only as its last four digits, in
/// the step echo and in the screen captures alike (issue 17, defect 8).
public enum TranscriptRedaction {
    /// What replaces each hidden digit; one column wide, so screen captures keep their layout.
    static let mask: Character = "•"
    /// What a step that typed into the security code field echoes instead of the keys.
    static let cvcEcho = "[security code redacted]"
    /// Actions whose argument is a security code.
    static let cvcActions: Set<String> = ["checkout.card-cvc"]

    /// The card fields of a state, compared before and after a step to learn what it typed into.
    public struct CardFields: Equatable, Sendable {
        var number: String
        var cvc: String

        public init(_ state: TerminalState) {
            number = state.app.checkout?.cardForm.number ?? state.app.settings.cardForm?.number ?? ""
            cvc = state.app.checkout?.cardForm.cvc ?? state.app.settings.cardForm?.cvc ?? ""
        }
    }

    /// A step's echo: keys typed into the security code are not echoed at all, a security code
    /// given to an action is masked, and card numbers are cut to their last four.
    public static func echo(_ detail: String, step: ScenarioStep, before: CardFields, after: CardFields) -> String {
        switch step.kind {
        case .press, .type:
            if before.cvc != after.cvc { return cvcEcho }
            // A whole number typed at once keeps its last four; keys pressed one by one keep none.
            if before.number != after.number {
                let masked = text(detail)
                return masked != detail ? masked : String(detail.map { $0.isASCII && $0.isNumber ? mask : $0 })
            }
        case let .act(action) where cvcActions.contains(action.name):
            return action.name + " " + cvcEcho
        default:
            break
        }
        return text(detail)
    }

    /// Any text (a screen capture, an error message) with every card number cut to its last four.
    ///
    /// A card number is a run of 12 to 19 digits, either unbroken or in groups split by single
    /// spaces or dashes whose first group has four digits and the others four to six (4242 4242…,
    /// 3782 822463 10005), so dates (2026-01-31), prices and ids are left alone.
    public static func text(_ text: String) -> String {
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else {
                index += 1
                continue
            }
            let end = runEnd(characters, from: index)
            if isCardNumber(characters[index..<end]) { maskAllButLastFour(&characters, index..<end) }
            index = end
        }
        return String(characters)
    }

    /// The end of the run of digits and single separators starting at `start`, ending on a digit.
    private static func runEnd(_ characters: [Character], from start: Int) -> Int {
        var end = start
        var cursor = start
        while cursor < characters.count {
            let character = characters[cursor]
            if character.isASCII && character.isNumber {
                cursor += 1
                end = cursor
            } else if (character == " " || character == "-"), cursor + 1 < characters.count,
                      characters[cursor + 1].isASCII, characters[cursor + 1].isNumber, cursor > start {
                cursor += 1
            } else {
                break
            }
        }
        return end
    }

    private static func isCardNumber(_ run: ArraySlice<Character>) -> Bool {
        let groups = run.split(whereSeparator: { $0 == " " || $0 == "-" }).map(\.count)
        let digits = groups.reduce(0, +)
        guard (12...19).contains(digits) else { return false }
        guard groups.count > 1 else { return true }
        return groups[0] == 4 && groups.dropFirst().dropLast().allSatisfy { (4...6).contains($0) }
            && (1...6).contains(groups[groups.count - 1])
    }

    private static func maskAllButLastFour(_ characters: inout [Character], _ range: Range<Int>) {
        var kept = 0
        for position in range.reversed() where characters[position].isASCII && characters[position].isNumber {
            if kept < 4 {
                kept += 1
            } else {
                characters[position] = mask
            }
        }
    }
}

extension TranscriptRedaction {
    /// A screen with every card number cut to its last four, each masked digit keeping its cell's
    /// style: recordings show what transcripts show.
    public static func buffer(_ buffer: Buffer) -> Buffer {
        var redacted = buffer
        for y in 0..<buffer.size.height {
            // One character per glyph cell, so a masked character maps back to its column.
            let columns = (0..<buffer.size.width).filter { !buffer[$0, y].isContinuation }
            let row = columns.map { buffer[$0, y].text.count == 1 ? Character(buffer[$0, y].text) : "?" }
            let masked = Array(text(String(row)))
            guard masked.count == row.count, masked != row else { continue }
            for (index, column) in columns.enumerated() where masked[index] != row[index] {
                redacted.write(String(masked[index]), x: column, y: y, style: buffer[column, y].style)
            }
        }
        return redacted
    }
}
