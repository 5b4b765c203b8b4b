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
                dataDirectory: directory.url, now: SignedTransactionsFixtures.now, using: &generator,
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
        #expect(!files.contains(SigningKeyDirectory.stagingFolderName))
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
            dataDirectory: directory.url, now: SignedTransactionsFixtures.now, using: &generator, startOverIfDamaged: true)
        try await expectWorking(recovered)
        #expect(try SignedTransactionsFixtures.authority(in: directory).rootFingerprint == recovered.rootFingerprint)
    }

    @Test func anEmptyStoreWithAPartialChainOpensAndSells() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-keys-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent(SigningKeyDirectory.folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: folder.appendingPathComponent(SigningKeyDirectory.intermediateFile))
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: CoreFixture.catalog,
                                               clock: ManualClock(CoreFixture.start),
            cardProcessor: try SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "ada"))
        guard case .success = try await service.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "themes")) else {
            Issue.record("the purchase did not succeed"); return
        }
        #expect(try await service.checkInvariants() == [])
    }

    @Test func aStoreWithTransactionsNeverGetsANewChainSilently() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try FileManager.default.removeItem(at: store.directory.appendingPathComponent(
            "\(SigningKeyDirectory.folderName)/\(SigningKeyDirectory.leafFile)"))
        #expect(throws: TransactionSigningAuthorityError.self) {
            _ = try LocalPaymentsService(directory: DataDirectory(url: store.directory), catalog: CoreFixture.catalog,
                                         clock: ManualClock(CoreFixture.start),
            cardProcessor: try SimulatedCardProcessor(directory: DataDirectory(url: store.directory)))
        }
    }
}
