import Foundation
import Testing

@testable import PaymentsCore

@Suite("Strict base64url")
struct Base64URLTests {
    @Test("round trips every length up to 70 bytes without padding")
    func roundTrip() throws {
        var generator = SignedTransactionsSeededGenerator(seed: 5)
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("="))
            #expect(!encoded.contains("+"))
            #expect(!encoded.contains("/"))
            #expect(try Base64URL.decode(encoded) == bytes)
        }
    }

    @Test("spells every length as Foundation's base64 does, url-safe and unpadded")
    func matchesFoundation() {
        var generator = SignedTransactionsSeededGenerator(seed: 9)
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == foundation, "\(length) bytes")
        }
    }

    @Test("uses the url-safe alphabet")
    func urlSafeAlphabet() throws {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(try Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test(
        "rejects padding, foreign characters, impossible lengths and non-canonical final characters",
        arguments: [
            ("e30=", Base64URL.DecodingError.invalidCharacter(offset: 3)),
            ("e3+0", .invalidCharacter(offset: 2)),
            ("e3/0", .invalidCharacter(offset: 2)),
            ("e3 0", .invalidCharacter(offset: 2)),
            ("e3\n0", .invalidCharacter(offset: 2)),
            ("e3é", .invalidCharacter(offset: 2)),
            ("A", .invalidLength(1)),
            ("AAAAA", .invalidLength(5)),
            ("e31", .nonCanonicalTrailingBits),
            ("AB", .nonCanonicalTrailingBits),
        ]
    )
    func rejects(input: String, expected: Base64URL.DecodingError) {
        #expect(throws: expected) { try Base64URL.decode(input) }
    }

    @Test("each byte string has exactly one accepted encoding")
    func canonical() throws {
        // "AQ" is the canonical form of [0x01]; "AR" through "Af" carry the same significant bits.
        #expect(try Base64URL.decode("AQ") == [0x01])
        for letter in "RSTUVWXYZabcdef" {
            #expect(throws: Base64URL.DecodingError.nonCanonicalTrailingBits) { try Base64URL.decode("A\(letter)") }
        }
    }
}
