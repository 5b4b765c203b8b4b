import Foundation
@testable import PaymentsCore
import Simulators
import Testing

/// Issue 37: the card processor's fingerprint key is read (or made) when a card is first saved,
/// not when the store opens, so a store whose key file cannot be read still opens and shows
/// itself; saving a card then says what cannot be read and where.
@Suite struct CardKeyOnFirstUseTests {
    private func open(_ directory: URL) throws -> LocalPaymentsService {
        try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: CoreFixture.catalog,
                                 clock: ManualClock(CoreFixture.start),
                                 cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
    }

    private let card = CardDetails(number: "4242424242424242", expiryMonth: 12, expiryYear: 2035, cvc: "123")

    @Test func theKeyIsMadeOwnerOnlyWhenTheFirstCardIsSavedNotWhenTheStoreOpens() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-card-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = CardFingerprintKeyFile(DataDirectory(url: directory)).url
        let service = try open(directory)
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        _ = try await service.customerInfo(accountID: ada.id)
        #expect(!FileManager.default.fileExists(atPath: key.path), "made before any card was saved")
        let saved = try await service.addCard(accountID: ada.id, card: card, makeDefault: true)
        #expect(try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int == 0o600)
        // Another process on the same directory reads that key: the same card has the same
        // fingerprint, so saving it again finds the card already saved.
        let again = try open(directory)
        #expect(try await again.addCard(accountID: ada.id, card: card, makeDefault: true).id == saved.id)
        #expect(try await again.paymentMethods(accountID: ada.id).count == 1)
    }

    @Test func aKeyThatCannotBeReadStopsOnlySavingACardAndSaysWhatAndWhere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-card-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = CardFingerprintKeyFile(DataDirectory(url: directory)).url
        try DataDirectory(url: directory).create()
        try OwnerOnlyFiles.write(Data("not a key\n".utf8), to: key)
        let service = try open(directory)
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        _ = try await service.customerInfo(accountID: ada.id)
        do {
            _ = try await service.addCard(accountID: ada.id, card: card, makeDefault: true)
            Issue.record("a card was saved without the processor's key")
        } catch let error as PaymentsError {
            #expect(error.userMessage.contains("the card processor's key cannot be used"), "\(error.userMessage)")
            #expect(error.userMessage.contains(key.path) && error.userMessage.contains("card fingerprint key"),
                    "\(error.userMessage)")
        }
        #expect(try await service.paymentMethods(accountID: ada.id).isEmpty)
        #expect(try String(contentsOf: key, encoding: .utf8) == "not a key\n", "the damaged key is kept, not replaced")
        // Mended (here: removed, so a new key is made), the next card is saved by the same service.
        try FileManager.default.removeItem(at: key)
        #expect(try await service.addCard(accountID: ada.id, card: card, makeDefault: true).last4 == "4242")
    }
}
