import Crypto
import Foundation
import Testing
@testable import PaymentsCore

/// Stored API keys are hashes in this text: a change of format would lock every customer out.
@Suite struct LowercaseHexTests {
    @Test func writesTwoLowercaseDigitsPerByteAsTheFormatterDid() {
        let bytes: [UInt8] = [0x00, 0x01, 0x0f, 0x10, 0x7f, 0x80, 0xab, 0xff]
        #expect(LowercaseHex.encode(bytes) == "00010f107f80abff")
        #expect(LowercaseHex.encode(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(LowercaseHex.encode([UInt8]()) == "")
    }

    @Test func anAPIKeyHashesToTheSHA256HexOfItsText() {
        // SHA-256("abc"), from FIPS 180-2's example.
        #expect(APIKey.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
