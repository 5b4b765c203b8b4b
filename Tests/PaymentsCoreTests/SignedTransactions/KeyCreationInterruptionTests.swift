import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// A kill during first-run key creation must not brick the data directory (issue 17, defect 4):
/// the chain is staged and renamed into place, and a damaged chain nothing was signed with is
/// replaced by a new one on the next start.
@Suite struct KeyCreationInterruptionTests {
    struct Killed: Error {}

    /// The process "dies" right after `step`: creation stops there and leaves the files as they are.
    func createInterrupted(in directory: SignedTransactionsTemporaryDirectory, after step: SigningKeyDirectory.CreationStep) {
        var generator = SignedTransactionsSeededGenerator(seed: 3)
        #expect(throws: TransactionSigningAuthorityError.self) {
            try TransactionSigningAuthority.loadOrCreate(
                .appStore, dataDirectory: directory.url, now: SignedTransactionsFixtures.now, using: &generator,
                startOverIfDamaged: false, interruption: { if $0 == step { throw Killed() } })
        }
    }

    /// The chain signs a transaction that verifies against its own root.
    func expectWorking(_ authority: TransactionSigningAuthority) async throws {
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        guard case .verified = await verifier.verify(jws, at: SignedTransactionsFixtures.now) else {
            Issue.record("a transaction signed by the recovered chain does not verify"); return
        }
    }

    @Test(arguments: SigningKeyDirectory.CreationStep.allCases)
    func aKillAtAnyStepLeavesNoPartialChainAndTheNextStartCreatesOne(step: SigningKeyDirectory.CreationStep) async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        createInterrupted(in: directory, after: step)
        #expect(!FileManager.default.fileExists(atPath: directory.signingFolder.path), "a partial chain is in place after \(step)")
        // Even the cautious start (the store holds transactions) finds no damaged chain to refuse.
        try await expectWorking(try SignedTransactionsFixtures.authority(in: directory, seed: 4))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!files.contains(".\(SigningParty.appStore.folderName).partial"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.signingFolder.path))
                == Set(SigningKeyDirectory.allFiles))
    }

    /// What a kill during an older Kiosk's in-place creation left: some files, or a cut-off one.
    @Test(arguments: [[SigningKeyDirectory.intermediateFile], [SigningKeyDirectory.intermediateFile, SigningKeyDirectory.leafFile],
                      []])
    func aDamagedChainNothingWasSignedWithIsReplaced(kept: [String]) async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)
        for file in SigningKeyDirectory.allFiles where !kept.contains(file) {
            if kept.isEmpty {
                try Data("-----BEGIN CERT".utf8).write(to: directory.signingFile(file))  // cut off mid-write
            } else {
                try FileManager.default.removeItem(at: directory.signingFile(file))
            }
        }
        #expect(throws: TransactionSigningAuthorityError.self) { try SignedTransactionsFixtures.authority(in: directory) }
        var generator = SignedTransactionsSeededGenerator(seed: 9)
        let recovered = try TransactionSigningAuthority.loadOrCreate(
            .appStore, dataDirectory: directory.url, now: SignedTransactionsFixtures.now, using: &generator, startOverIfDamaged: true)
        try await expectWorking(recovered)
        #expect(try SignedTransactionsFixtures.authority(in: directory).rootFingerprint == recovered.rootFingerprint)
    }

    @Test func anEmptyStoreWithAPartialChainOpensAndSells() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-keys-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent(SigningParty.appStore.folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: folder.appendingPathComponent(SigningKeyDirectory.intermediateFile))
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: CoreFixture.catalog,
                                               clock: ManualClock(CoreFixture.start),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "ada"))
        guard case .success = try await service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "themes")) else {
            Issue.record("the purchase did not succeed"); return
        }
        #expect(try await service.checkInvariants() == [])
    }

    /// A chain that signed something the store keeps is never replaced, however damaged; each
    /// chain is judged by its own sales (a card sale is the merchant's, a store sale the App Store's).
    @Test(arguments: SigningParty.allCases)
    func aStoreWithTransactionsNeverGetsANewChainSilently(party: SigningParty) async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await sell(in: store.service, to: ada, signedBy: party)
        try FileManager.default.removeItem(at: store.directory.appendingPathComponent(
            "\(party.folderName)/\(SigningKeyDirectory.leafFile)"))
        try await expectRefused(store, party: party)
    }

    /// The other party's chain signed nothing yet, so a damaged one starts over and the store opens.
    @Test(arguments: SigningParty.allCases)
    func aDamagedChainOfThePartyThatSoldNothingStartsOver(sold: SigningParty) async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await sell(in: store.service, to: ada, signedBy: sold)
        let unused = SigningParty.allCases.first { $0 != sold }!
        let leaf = store.directory.appendingPathComponent("\(unused.folderName)/\(SigningKeyDirectory.leafFile)")
        try FileManager.default.removeItem(at: leaf)
        let reopened = try await store.reopen()
        try await sell(in: reopened, to: ada, signedBy: unused)
        #expect(FileManager.default.fileExists(atPath: leaf.path))
        #expect(try await reopened.checkInvariants() == [])
    }

    /// A store whose card sales were signed by the App Store's chain before the merchant had its
    /// own (migration v18 marks it) never gets a new App Store chain, though no row names that party.
    @Test func anAppStoreChainThatSignedCardSalesBeforeTheSplitIsNeverReplaced() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await sell(in: store.service, to: ada, signedBy: .merchant)
        try await store.service.storage.write {
            try await $0.execute("INSERT INTO meta(key, value) VALUES ('app_store_signed_merchant_sales', '1')")
        }
        try FileManager.default.removeItem(at: store.directory.appendingPathComponent(
            "\(SigningParty.appStore.folderName)/\(SigningKeyDirectory.leafFile)"))
        try await expectRefused(store, party: .appStore)
    }

    /// A sale the App Store signed is kept by the App Store itself before the merchant hears of it
    /// or the device uploads it: its chain is never replaced, though no merchant row names it.
    @Test func anAppStoreChainWhoseSalesOnlyTheAppStoreKeepsIsNeverReplaced() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await sell(in: store.service, to: ada, signedBy: .appStore)
        try await store.service.storage.write { store in
            for table in ["transactions", "sync_queue"] { try await store.execute(StoreSQL("DELETE FROM \(table)")) }
        }
        try FileManager.default.removeItem(at: store.directory.appendingPathComponent(
            "\(SigningParty.appStore.folderName)/\(SigningKeyDirectory.leafFile)"))
        try await expectRefused(store, party: .appStore)
    }

    /// A chain the store may not replace is refused where it is first needed, naming its folder:
    /// at open on PostgreSQL (its servers share the chains as they start), else at the first
    /// signature or verification, the store still opening and reading.
    private func expectRefused(_ store: CoreFixture, party: SigningParty) async throws {
        guard store.postgres == nil else {
            await #expect(throws: TransactionSigningAuthorityError.self) { _ = try await store.reopen() }
            return
        }
        let reopened = try await store.reopen()
        #expect(try await reopened.accounts().count == 1)
        do {
            _ = try await reopened.verifyTransaction("x.y.z")
            Issue.record("a damaged chain was used")
        } catch let error as PaymentsError {
            let folder = store.directory.appendingPathComponent(party.folderName).path
            #expect(error.userMessage.contains(folder), "\(error.userMessage)")
        }
    }

    /// A consumable, so the same account may buy it again from either party, its token read.
    private func sell(in service: LocalPaymentsService, to account: Account, signedBy party: SigningParty) async throws {
        switch party {
        case .merchant:
            guard case .purchased = try await service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500"))
            else { Issue.record("the card purchase did not succeed"); return }
        case .appStore:
            guard case .success = try await service.appStore.storePurchase(StorePurchaseRequest(accountID: account.id, productID: "points.500"))
            else { Issue.record("the store purchase did not succeed"); return }
        }
        // Read, so signed (a token is signed when first read): both chains are then on disk.
        _ = try await service.transactions(accountID: account.id, limit: 10).map { try $0.jws }
    }
}
