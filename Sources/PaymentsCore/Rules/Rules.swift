import Foundation

/// A set of the merchant's rules working inside one `UnitOfWork`.
///
/// Each responsibility is its own small type; what they share (the transaction, the clock's
/// "now", ids, events) comes from the unit of work, and a rule that needs another
/// responsibility names it (`invoicing.collect`, `lifecycle.expire`), so every dependency
/// between them shows at the call.
protocol Rules {
    var work: UnitOfWork { get }
}

extension Rules {
    var store: any StoreTransaction { work.store }
    var catalog: Catalog { work.catalog }
    var systemNow: Date { work.systemNow }
    var signer: TransactionTokenSigner { work.signer }
    var random: RandomSource { work.random }
    var cardProcessor: any CardProcessor { work.cardProcessor }

    func nextID(_ sequence: StoreSequence) async throws -> String {
        try await work.nextID(sequence)
    }

    func settings() async throws -> StoreSettings { try await work.settings() }

    /// Records an event, inserted with the transaction's next statement or at its end (see
    /// `EventBatchingTransaction`, `UnitOfWork.run`): nothing is written here, so nothing can fail.
    func emit(_ type: StoreEventType, account: String?, at: Date, subscription: String? = nil,
              product: String? = nil, invoice: String? = nil, detail: String? = nil) {
        work.events.emit([account, type.rawValue, at, subscription, product, invoice, detail])
    }

    func account(_ id: String) async throws -> AccountRecord { try await work.account(id) }
    func now(for account: AccountRecord) async throws -> Date { try await work.now(for: account) }
    func testClock(_ id: String) async throws -> TestClockRecord { try await work.testClock(id) }
    func subscription(_ id: String) async throws -> SubscriptionRecord { try await work.subscription(id) }

    /// A subscription the merchant may change itself: never a mirror of one the App Store bills.
    func merchantBilledSubscription(_ id: String) async throws -> SubscriptionRecord {
        let subscription = try await work.subscription(id)
        guard subscription.isAppStoreMirror else { return subscription }
        guard let original = subscription.originalTransactionID else {
            throw PaymentsError.storage("store-billed subscription \(id) names no original transaction")
        }
        throw PaymentsError.billedByAppStore(subscriptionID: id, accountID: subscription.accountID, originalTransactionID: original)
    }
}

/// Every responsibility, in the same transaction.
extension Rules {
    var accountRules: AccountRules { AccountRules(work: work) }
    var analyticsLog: AnalyticsLog { AnalyticsLog(work: work) }
    var appStoreInbox: AppStoreInbox { AppStoreInbox(work: work) }
    var appStoreSales: AppStoreSales { AppStoreSales(work: work) }
    var booksAudit: BooksAudit { BooksAudit(work: work) }
    var customerAccess: CustomerAccess { CustomerAccess(work: work) }
    var customerNotices: CustomerNotices { CustomerNotices(work: work) }
    var historyPages: HistoryPages { HistoryPages(work: work) }
    var idempotentRequests: IdempotentRequests { IdempotentRequests(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var planChanges: PlanChanges { PlanChanges(work: work) }
    var purchases: Purchases { Purchases(work: work) }
    var receiptsBackend: ReceiptsBackend { ReceiptsBackend(work: work) }
    var refunds: Refunds { Refunds(work: work) }
    var storeSubscriptionMirror: StoreSubscriptionMirror { StoreSubscriptionMirror(work: work) }
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(work: work) }
    var testControls: TestControls { TestControls(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }
    var webhookInbox: WebhookInbox { WebhookInbox(work: work) }
}
