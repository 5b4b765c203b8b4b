import Foundation
import Testing
@testable import PaymentsCore

/// The README's card guarantee: of a card the store keeps brand, last four, expiry and a token,
/// never the full number or the security code, anywhere in the data directory's files.
@Suite struct StoredCardDataTests {
    @Test(CoreTestStorage.sqliteFiles) func theDataDirectoryNeverHoldsTheFullNumberOrTheCVC() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let card = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 11, expiryYear: 2031, cvc: "987"), makeDefault: true)
        _ = try await store.buy(ada, "themes")
        try await store.service.saveSnapshot(named: "after-card")
        #expect(card.last4 == "4242" && card.brand.lowercased() == "visa")
        var files: [URL] = []
        for relative in FileManager.default.subpaths(atPath: store.directory.path) ?? [] {
            let url = store.directory.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue { files.append(url) }
        }
        #expect(files.contains { $0.lastPathComponent == "kiosk.sqlite-wal" })
        for file in files {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data("4242424242424242".utf8)) == nil, "\(file.path) holds the card number")
            #expect(bytes.range(of: Data("\"987\"".utf8)) == nil && !Self.namesTheSecurityCode(bytes),
                    "\(file.path) holds the security code")
        }
    }

    /// A certificate's or a signature's base64 holds "cvc" about once in 260,000 characters (CI
    /// once failed on a fresh root CA), so the search is for a name: a short identifier with `cvc`
    /// as one of its `_`-separated parts (a column, a snake_case key), or a JSON key with it as one
    /// of its camelCase words (JSONEncoder's default keys), not any three bytes.
    @Test func aNameIsFoundAndBase64IsNot() {
        #expect(Self.namesTheSecurityCode(Data(#"{"number":"…","cvc":"…"}"#.utf8)))
        #expect(Self.namesTheSecurityCode(Data("CREATE TABLE cards(id TEXT, card_cvc TEXT)".utf8)))
        #expect(Self.namesTheSecurityCode(Data("CVC".utf8)))
        #expect(Self.namesTheSecurityCode(Data(#"{"cardCvc": "…"}"#.utf8)))
        #expect(Self.namesTheSecurityCode(Data(#"{"securityCodeCVC":1}"#.utf8)))
        #expect(!Self.namesTheSecurityCode(Data("MIIBkTCB+6ADAgECAhQcvcX0aNvq1Lr8Zk9PjW2xqYb3sDAKBggqhkjOPQQDAjAU".utf8)))
        #expect(!Self.namesTheSecurityCode(Data("MIIBkTCB+6ADAgECAhQxCvcY0aNvq1Lr8Zk9PjW2/xqYb3sDAKBggqhkjOPQQDAjAU".utf8)))
        #expect(!Self.namesTheSecurityCode(Data("eyJhbGciOiJFUzI1NiJ9.eyJwcm9kdWN0SWQiOiJ0aGVtZXMifQ.a_cvc_Zk9PjW2xqYb3sDAKBggqhkjOPQQDq1Lr8Zk9PjW2xqYb3sDAKBgg_5rT0aNvq1Lr8Zk9PjW2xqYb3sDA".utf8)))
    }

    static func namesTheSecurityCode(_ bytes: Data) -> Bool {
        let isSecurityCode = { (word: Substring) in ["cvc", "cvv"].contains(word.lowercased()) }
        let identifierByte = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
        }
        let snakeCase = bytes.split(whereSeparator: { !identifierByte($0) }).contains { token in
            token.count <= 40 && String(decoding: token, as: UTF8.self).split(separator: "_").contains(where: isSecurityCode)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let jsonKeys = text.matches(of: /"([A-Za-z0-9_]{1,40})"\s*:/).map { String($0.output.1) }
        let camelCase = jsonKeys.contains { key in
            key.replacing(/([a-z0-9])([A-Z])/) { "\($0.output.1)_\($0.output.2)" }.split(separator: "_").contains(where: isSecurityCode)
        }
        return snakeCase || camelCase
    }
}
