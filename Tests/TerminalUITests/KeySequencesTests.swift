import Testing
@testable import TerminalUI

/// The sequences terminals send for keys whatever terminfo says: each decodes to the key a
/// person pressed (End inside tmux is `ESC [ 4 ~`, which curses alone read as Esc, 4, ~).
@Suite struct KeySequencesTests {
    @Test(arguments: [
        ("\u{1B}[4~", Key.end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}[Z", .backTab), ("\u{1B}OA", .up), ("\u{1B}[D", .left),
        ("\u{1B}OP", .function(1)), ("\u{1B}[[E", .function(5)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
    ])
    func everyFormDecodesToItsKey(sequence: String, key: Key) throws {
        let code = try #require(KeySequences.code(for: sequence), "\(sequence.debugDescription) is not registered")
        #expect(KeyDecoder.decode(.keyCode(code)) == key)
    }

    @Test func noSequenceIsListedTwice() {
        let sequences = KeySequences.all.map(\.sequence)
        #expect(Set(sequences).count == sequences.count)
    }
}
