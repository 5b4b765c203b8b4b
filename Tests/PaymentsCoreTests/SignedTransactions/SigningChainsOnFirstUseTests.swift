import Foundation
@testable import PaymentsCore
import Testing

/// Issue 37: the signing chains are read (or made) when a signature or a verification first needs
/// them, not when the store opens, so opening a store and reading it reads no key file. On
/// PostgreSQL a server still loads them as it opens: the store's servers share them from the start.
@Suite struct SigningChainsOnFirstUseTests {
    private func chainFolders(_ store: CoreFixture) -> [URL] {
        SigningParty.allCases.map { store.directory.appendingPathComponent($0.folderName) }
    }

    @Test func theChainsAreMadeOwnerOnlyAtTheFirstSignatureAndReadByAnotherService() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes", key: "key-1")
        let token = try #require(receipt.transaction).jws
        for folder in chainFolders(store) {
            #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let path = folder.appendingPathComponent(file).path
                #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600, "\(path)")
            }
        }
        // Another process on the same directory reads those chains: it verifies the token.
        let other = try await store.reopen()
        guard case .verified = try await other.verifyTransaction(token) else {
            Issue.record("a second service does not trust the first one's chain"); return
        }
    }

    @Test func aStoreOpenedAndReadMakesNoChain() async throws {
        let store = try await CoreFixture()
        guard store.postgres == nil else { return }  // PostgreSQL servers share the chains from the start
        let ada = try await store.account()  // a write: an account and its card
        _ = try await store.service.customerInfo(accountID: ada.id)
        _ = try await store.service.transactions(accountID: ada.id, limit: 10)
        _ = try await store.service.catalog()
        #expect(try await store.invariants() == [])  // no proof to verify
        let reopened = try await store.reopen()
        _ = try await reopened.accounts()
        #expect(chainFolders(store).allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(store.service.signatures.total == 0 && reopened.signatures.total == 0)
    }

    /// A partial chain (an older Kiosk killed while making it) signed nothing: the first card sale
    /// reads the chains before it is recorded, so the merchant's starts over.
    @Test func aPartialMerchantChainStartsOverAtTheFirstCardSale() async throws {
        let store = try await CoreFixture()
        guard store.postgres == nil else { return }  // there the chains are made as the server opens
        let folder = store.directory.appendingPathComponent(SigningParty.merchant.folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: folder.appendingPathComponent(SigningKeyDirectory.intermediateFile))
        let ada = try await store.account()
        let token = try #require(try await store.buy(ada, "themes").transaction).jws
        guard case .verified = try await store.reopen().verifyTransaction(token) else {
            Issue.record("the new chain does not verify the token"); return
        }
    }

    /// A chain that cannot be used stops only what needs it, says which file, and is tried again
    /// once mended: the failure is not kept.
    @Test func aDamagedChainStopsOnlySigningSaysWhichFileAndIsReadAgainOnceMended() async throws {
        let store = try await CoreFixture()
        guard store.postgres == nil else { return }  // there a server refuses to open (KeyCreationInterruptionTests)
        let ada = try await store.account()
        let token = try #require(try await store.buy(ada, "themes", key: "key-1").transaction).jws
        let leaf = store.directory.appendingPathComponent("\(SigningParty.merchant.folderName)/\(SigningKeyDirectory.leafFile)")
        let kept = try Data(contentsOf: leaf)
        try Data("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n".utf8).write(to: leaf)
        let reopened = try await store.reopen()
        #expect(try await reopened.customerInfo(accountID: ada.id).activeSubscriptions.isEmpty)
        #expect(try await reopened.accounts().count == 1)
        do {
            _ = try await reopened.verifyTransaction(token)
            Issue.record("verified with a damaged chain")
        } catch let error as PaymentsError {
            #expect(error.userMessage.contains(leaf.path), "\(error.userMessage)")
        }
        let points = PurchaseRequest(accountID: ada.id, productID: "points.500")
        await #expect(throws: PaymentsError.self, "a sale whose token cannot be signed is refused before it is charged") {
            _ = try await reopened.purchase(points)
        }
        #expect(try await reopened.transactions(accountID: ada.id, limit: 10).count == 1)
        try kept.write(to: leaf)
        guard case let .purchased(sold) = try await reopened.purchase(points) else { Issue.record("not sold once mended"); return }
        #expect(try !#require(sold.transaction).jws.isEmpty)
        guard case .verified = try await reopened.verifyTransaction(token) else {
            Issue.record("the mended chain was not read again"); return
        }
        #expect(try await reopened.checkInvariants() == [])
    }
}
