import Testing
@testable import TerminalUI

@Suite struct InputDecoderTests {
    static let esc = "\u{1B}"

    /// Each form a terminal sends, and the key it means.
    static let sequences: [(String, DecodedInput)] = [
        // xterm normal and application cursor keys, with modifiers (ignored).
        ("\(esc)[A", .key(.up)), ("\(esc)[B", .key(.down)), ("\(esc)[C", .key(.right)), ("\(esc)[D", .key(.left)),
        ("\(esc)OA", .key(.up)), ("\(esc)OD", .key(.left)), ("\(esc)[1;5C", .key(.right)), ("\(esc)[1;2A", .key(.up)),
        // Home/End: xterm, application mode, VT220/tmux/screen, rxvt.
        ("\(esc)[H", .key(.home)), ("\(esc)[F", .key(.end)), ("\(esc)OH", .key(.home)), ("\(esc)OF", .key(.end)),
        ("\(esc)[1~", .key(.home)), ("\(esc)[4~", .key(.end)), ("\(esc)[7~", .key(.home)), ("\(esc)[8~", .key(.end)),
        ("\(esc)[2~", .key(.insert)), ("\(esc)[3~", .key(.delete)), ("\(esc)[3;5~", .key(.delete)), ("\(esc)[3^", .key(.delete)),
        ("\(esc)[5~", .key(.pageUp)), ("\(esc)[6~", .key(.pageDown)), ("\(esc)[Z", .key(.backTab)),
        // F1-F12: xterm SS3, VT220, Linux console, modified.
        ("\(esc)OP", .key(.function(1))), ("\(esc)OS", .key(.function(4))), ("\(esc)[1;2P", .key(.function(1))),
        ("\(esc)[11~", .key(.function(1))), ("\(esc)[15~", .key(.function(5))), ("\(esc)[17~", .key(.function(6))),
        ("\(esc)[21~", .key(.function(10))), ("\(esc)[23~", .key(.function(11))), ("\(esc)[24~", .key(.function(12))),
        ("\(esc)[[A", .key(.function(1))), ("\(esc)[[E", .key(.function(5))),
        // Control keys, Backspace both ways, Enter both ways.
        ("\u{7F}", .key(.backspace)), ("\u{08}", .key(.backspace)), ("\r", .key(.enter)), ("\n", .key(.enter)),
        ("\t", .key(.tab)), ("\u{0C}", .key(.control("l"))), ("\u{03}", .key(.control("c"))),
        // Characters, multi-byte included.
        ("q", .key(.character("q"))), ("é", .key(.character("é"))), ("€", .key(.character("€"))),
        ("😀", .key(.character("😀"))),
        // Alt as an Esc prefix.
        ("\(esc)x", .alt(.character("x"))), ("\(esc)é", .alt(.character("é"))),
        // SGR mouse: press, wheel up and down; 1-based coordinates.
        ("\(esc)[<0;10;5M", .key(.mouse(MouseEvent(action: .press, position: Point(x: 9, y: 4))))),
        ("\(esc)[<64;1;1M", .key(.mouse(MouseEvent(action: .scrollUp, position: Point(x: 0, y: 0))))),
        ("\(esc)[<65;3;2M", .key(.mouse(MouseEvent(action: .scrollDown, position: Point(x: 2, y: 1))))),
        // Bracketed paste: text, never keys.
        ("\(esc)[200~q\rhello\(esc)[201~", .paste("q\rhello")),
    ]

    @Test(arguments: sequences)
    func decodesWhole(text: String, expected: DecodedInput) {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(text.utf8)) == [expected])
        #expect(!decoder.wantsTimeout)
    }

    /// Every split of every sequence across two reads gives the same single key.
    @Test(arguments: sequences)
    func decodesSplitAnywhere(text: String, expected: DecodedInput) {
        let bytes = Array(text.utf8)
        for cut in 1..<max(bytes.count, 1) {
            var decoder = InputDecoder()
            let first = decoder.feed(bytes[..<cut])
            let second = decoder.feed(bytes[cut...])
            #expect(first + second == [expected], "cut at \(cut)")
        }
    }

    @Test func byteByByte() {
        var decoder = InputDecoder()
        var decoded: [DecodedInput] = []
        for byte in Array("a\(Self.esc)[Bé\(Self.esc)[6~".utf8) { decoded += decoder.feed([byte]) }
        #expect(decoded == [.key(.character("a")), .key(.down), .key(.character("é")), .key(.pageDown)])
    }

    @Test func loneEscapeWaitsForTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.wantsTimeout)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.wantsTimeout)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func doubleEscapeIsOneEscapeThenAHeldOne() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(decoder.flush() == [.key(.escape)])
    }

    @Test func carriageReturnLineFeedIsOneEnter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\r\n\n".utf8)) == [.key(.enter), .key(.enter)])
    }

    @Test func pasteSplitAcrossReadsWithEndMarkerCut() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(Self.esc)[200~4242 ".utf8)).isEmpty)
        #expect(!decoder.wantsTimeout)
        #expect(decoder.feed(Array("4242\(Self.esc)[20".utf8)).isEmpty)
        #expect(decoder.feed(Array("1~q".utf8)) == [.paste("4242 4242"), .key(.character("q"))])
    }

    @Test func pasteIsBounded() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("\(Self.esc)[200~".utf8))
        for _ in 0..<20 { _ = decoder.feed([UInt8](repeating: UInt8(ascii: "x"), count: 8192)) }
        let decoded = decoder.feed(Array("\(Self.esc)[201~".utf8))
        guard case let .paste(text) = decoded.first else {
            Issue.record("no paste: \(decoded)")
            return
        }
        #expect(text.utf8.count == InputDecoder.largestPaste)
    }

    @Test func invalidUTF8IsDroppedAndDecodingGoesOn() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0xFF, 0xC3, 0x41, 0x80, 0x62]) == [.key(.character("A")), .key(.character("b"))])
    }

    @Test func unknownAndOverlongSequencesAreDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(Self.esc)[99~\(Self.esc)[Ia".utf8)) == [.key(.character("a"))])
        var long = InputDecoder()
        _ = long.feed(Array("\(Self.esc)[".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 100))
        #expect(long.feed(Array("z".utf8)) == [.key(.character("z"))])
    }

    /// Random bytes in random reads never trap, and a known key after them still decodes once
    /// the decoder is flushed.
    @Test func randomBytesNeverTrap() {
        var generator = SplitMix(seed: 36)
        for _ in 0..<300 {
            var decoder = InputDecoder()
            for _ in 0..<20 {
                let count = Int(generator.next() % 16)
                _ = decoder.feed((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            }
            _ = decoder.feed(Array("\(Self.esc)[201~".utf8))
            _ = decoder.flush()
            #expect(decoder.feed(Array("\(Self.esc)[A".utf8)).last == .key(.up))
        }
    }
}

/// A small seeded generator, so the fuzz run is the same every time.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
