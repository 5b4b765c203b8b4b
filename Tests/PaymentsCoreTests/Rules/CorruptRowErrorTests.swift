import Foundation
import Testing
@testable import PaymentsCore

/// A row the core cannot decode is a storage error the caller sees, never a silent default, a
/// skipped record or a token without a signature (issue 17, defect 9).
@Suite struct CorruptRowErrorTests {
    func corrupt(_ store: CoreFixture, _ sql: String, _ arguments: [String] = []) async throws {
        try await store.service.storage.write { try await $0.execute(StoreSQL(sql), StoreArguments(arguments.map { $0 })) }
    }

    func expectStorageError(mentioning text: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("no error: a corrupt row was read as if it were fine")
        } catch let PaymentsError.storage(message) {
            #expect(message.contains(text), "\(message)")
        } catch {
            Issue.record("expected a storage error, got \(error)")
        }
    }

    @Test func corruptSettingsAreAnErrorNotTheDefaults() async throws {
        let store = try await CoreFixture(settings: StoreSettings())
        try await corrupt(store, "UPDATE meta SET value = '{\"gracePeriod\": \"sixteen\"' WHERE key = 'settings'")
        await expectStorageError(mentioning: "settings") { _ = try await store.service.settings() }
    }

    @Test func corruptControlsAreAnErrorNotTheDefaults() async throws {
        let store = try await CoreFixture()
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        try await corrupt(store, "UPDATE meta SET value = 'not json' WHERE key = 'controls'")
        await expectStorageError(mentioning: "controls") { _ = try await store.service.storeControls() }
    }

    @Test func aPendingPurchaseWithAResolutionNoSheetWritesIsAnErrorNotAnAnswer() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(action) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("not pending"); return }
        try await corrupt(store, "UPDATE appstore_pending_actions SET resolution = 'teleported', resolved_at = 0 WHERE id = ?",
                          [action.id])
        await expectStorageError(mentioning: "appstore_pending_actions.resolution") {
            _ = try await store.service.appStore.pendingPurchaseStatus(pendingID: action.id, accountID: ada.id)
        }
    }

    /// A notification whose queue time is lost is an error when it is signed, never signed "now".
    @Test func aNotificationWithoutItsQueueTimeIsAnErrorNotSignedNow() async throws {
        let store = try await CoreFixture()
        _ = try await store.service.appStore.sendTestNotification()
        try await corrupt(store, "UPDATE store_notifications SET signed_at = NULL")
        await expectStorageError(mentioning: "signed_at") { _ = try await store.service.appStore.signedNotifications() }
    }

    @Test func aRefundDoesNotSkipATransactionItCannotRead() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes")
        try await corrupt(store, "UPDATE transactions SET payload = '{\"truncated' WHERE invoice_id = ?", [receipt.invoice.id])
        await expectStorageError(mentioning: "transaction") {
            _ = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        }
        // The failed refund changed nothing: the invoice is still paid and the purchase still entitles.
        #expect(try await store.service.invoice(receipt.invoice.id).status == .paid)
        #expect(try await store.service.entitlements(accountID: ada.id).contains { $0.id == "themes" })
    }

    @Test func listingTransactionsReportsAnUnreadableOneInsteadOfDroppingIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try await corrupt(store, "UPDATE transactions SET payload = '[]', jws = 'x.y.z'")
        await expectStorageError(mentioning: "transaction") {
            _ = try await store.service.transactions(accountID: ada.id, limit: 10)
        }
    }

    struct SignerUnavailable: Error {}

    @Test func aTokenThatCannotBeSignedIsAnErrorNotAnUnsignedToken() throws {
        let payload = TransactionPayload(
            transactionId: "2000000000000001", originalTransactionId: "2000000000000001", bundleId: "dev.kiosk.store",
            productId: "themes", purchaseDate: CoreFixture.start, originalPurchaseDate: CoreFixture.start,
            environment: .localTesting, storefront: "USA", storefrontId: "143441", price: 1500, currency: "USD",
            type: .nonConsumable, quantity: 1, signedDate: CoreFixture.start)
        let transaction = SignedTransaction(payload: payload, encodedPayload: Data("{}".utf8)) { _ in throw SignerUnavailable() }
        #expect(throws: PaymentsError.self) { _ = try transaction.jws }
        #expect(throws: PaymentsError.self) { _ = try JSONEncoder().encode(transaction) }
    }
}
