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
            #expect(bytes.range(of: Data("\"987\"".utf8)) == nil && bytes.range(of: Data("cvc".utf8)) == nil,
                    "\(file.path) holds the security code")
        }
    }
}
