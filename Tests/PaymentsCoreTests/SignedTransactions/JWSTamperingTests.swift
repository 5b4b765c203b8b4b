import Foundation
import Testing

@testable import PaymentsCore

/// Every single-byte edit of a genuine token must fail verification. The positions are split into
/// interleaved shares so the work spreads over parallel test cases.
@Suite("JWS tampering")
struct JWSTamperingTests {
    static let shares = 4
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Edits of one byte: the next base64url letter (which for the final character may only touch unused
    /// bits), a low-bit flip, a fixed letter, padding, and deletion.
    static func edits(of bytes: [UInt8], at position: Int) -> [[UInt8]] {
        let original = bytes[position]
        let nextLetter = alphabet.firstIndex(of: original).map { alphabet[($0 + 1) % alphabet.count] } ?? UInt8(ascii: "A")
        let fixedLetter = original == UInt8(ascii: "A") ? UInt8(ascii: "Q") : UInt8(ascii: "A")
        var results: [[UInt8]] = []
        for replacement in [nextLetter, original ^ 0x01, fixedLetter, UInt8(ascii: "=")] where replacement != original {
            var edited = bytes
            edited[position] = replacement
            results.append(edited)
        }
        var deleted = bytes
        deleted.remove(at: position)
        results.append(deleted)
        return results
    }

    @Test("no single-byte edit of a signed transaction verifies", arguments: 0..<shares)
    func everyByte(share: Int) async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        let now = SignedTransactionsFixtures.now
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)
        #expect(await verifier.verify(jws, at: now) == .verified(payload))

        let bytes = Array(jws.utf8)
        var checked = 0
        for position in stride(from: share, to: bytes.count, by: Self.shares) {
            for edited in Self.edits(of: bytes, at: position) {
                let tampered = String(decoding: edited, as: UTF8.self)
                let result = await verifier.verify(tampered, at: now)
                if case .verified(let accepted) = result {
                    Issue.record("edit at position \(position) verified with payload \(accepted)")
                }
                checked += 1
            }
        }
        #expect(checked >= (bytes.count / Self.shares) * 4)
    }

    @Test("changing only the unused bits of the signature's last character is rejected")
    func trailingBitsOfSignature() async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        let jws = try authority.sign(SignedTransactionsFixtures.payload())

        let last = try #require(jws.utf8.last)
        let index = try #require(Self.alphabet.firstIndex(of: last))
        // 64 bytes take 86 characters, 516 bits: the last character's low 4 bits are unused and must be zero.
        // Setting one of them keeps every significant bit, which a lenient decoder maps to the same signature.
        #expect(index & 0x0F == 0)
        let sibling = Self.alphabet[index | 0x01]
        let sameSignatureBits = String(jws.dropLast()) + String(decoding: [sibling], as: UTF8.self)

        let result = await verifier.verify(sameSignatureBits, at: SignedTransactionsFixtures.now)
        #expect(result == .unverified(.invalidEncoding("signature segment: final character carries non-zero unused bits"), nil))
    }
}
