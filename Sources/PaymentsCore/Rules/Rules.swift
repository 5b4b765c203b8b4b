import Foundation

/// A set of the merchant's rules working inside one `UnitOfWork`.
///
/// Each responsibility is its own small type; what they share (the transaction, the clock's
/// "now", ids, events) comes from the unit of work. A rule reaches only the rules it declares
/// (`var invoicing: Invoicing { Invoicing(work: work) }` in its own file), and those declarations
/// form no cycle (`RuleDependencyTests`), so every dependency between them shows, and points down.
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
    var terms: TermsCalculator { TermsCalculator(catalog: work.catalog) }

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
        guard case let .appStore(original) = try subscription.billingParty else { return subscription }
        throw PaymentsError.billedByAppStore(subscriptionID: id, accountID: subscription.accountID, originalTransactionID: original)
    }
}
