import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// The records' rows are written and read by hand; they must come back exactly as written,
/// including the JSON columns on and off their fast path.
@Suite("Explicit row decoding")
struct ExplicitRowDecodingTests {
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue)
        return queue
    }

    /// Runs `body` on the store's side of the seam, inside one write.
    private func throughStore(_ queue: DatabaseQueue,
                              _ body: @escaping @Sendable (any StoreTransaction) async throws -> Void) throws {
        try queue.write { db in
            let store = GRDBTransaction(db)
            try InlineTransactionExecutor.run { try await body(store) }
        }
    }

    private func fetch<Record: StoreDecodable>(_ queue: DatabaseQueue, _ type: Record.Type, _ sql: String) throws -> Record? {
        try queue.read { db in try Row.fetchOne(db, sql: sql).map { try Record(storeRow: $0) } }
    }

    private func account(details: CustomerDetails) -> AccountRecord {
        AccountRecord(id: "acct_1", email: "a@example.com", name: "Ada", createdAt: Date(milliseconds: 1_700_000_000_123),
                      currency: "EUR", storefront: "FRA", testClockID: nil, creditBalance: -250, pointsBalance: 40,
                      details: details)
    }

    @Test("an account round-trips, with empty and filled details", arguments: [
        CustomerDetails(),
        CustomerDetails(firstName: "Ada", lastName: "Lovelace", company: "Engines", phone: "+44 1", locale: "en_GB"),
    ])
    func accountRoundTrips(details: CustomerDetails) throws {
        let queue = try database()
        let written = account(details: details)
        try throughStore(queue) { store in try await written.insert(into: store) }
        let read = try fetch(queue, AccountRecord.self, "SELECT * FROM accounts WHERE id = 'acct_1'")
        #expect(read?.account == written.account)
    }

    /// Balances move only by their own atomic updates; writing back a record read before one
    /// must not put the older balance back.
    @Test func anAccountWrittenBackKeepsTheBalancesMovedSinceItWasRead() throws {
        let queue = try database()
        var earlier = account(details: CustomerDetails())
        let written = earlier
        try throughStore(queue) { store in try await written.insert(into: store) }
        try queue.write { db in
            try db.execute(sql: "UPDATE accounts SET credit_balance = 999, points_balance = 7 WHERE id = 'acct_1'")
        }
        earlier.storefront = "DEU"
        let changed = earlier
        try throughStore(queue) { store in try await changed.update(in: store) }
        let after = try #require(try fetch(queue, AccountRecord.self, "SELECT * FROM accounts WHERE id = 'acct_1'"))
        #expect(after.storefront == "DEU" && after.creditBalance == 999 && after.pointsBalance == 7)
    }

    @Test("a payment method round-trips, with every charge behaviour", arguments: [
        ChargeBehaviour.succeeds,
        .declines(DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds.")),
        .requiresAuthentication(offSessionSucceeds: true),
    ])
    func paymentMethodRoundTrips(behaviour: ChargeBehaviour) throws {
        let queue = try database()
        let method = PaymentMethodRecord(id: "pm_1", accountID: "acct_1", token: "tok_1", brand: "visa", last4: "4242",
                                         expMonth: 12, expYear: 2031, isDefault: true, behaviour: behaviour,
                                         createdAt: Date(milliseconds: 1_700_000_000_456),
                                         removedAt: Date(milliseconds: 1_700_000_999_000))
        let owner = account(details: CustomerDetails())
        try throughStore(queue) { store in
            try await owner.insert(into: store)
            try await method.insert(into: store)
        }
        let read = try fetch(queue, PaymentMethodRecord.self, "SELECT * FROM payment_methods WHERE id = 'pm_1'")
        #expect(read?.paymentMethod == method.paymentMethod)
        #expect(read?.removedAt == method.removedAt)
    }

    @Test("the fast-path texts are what the encoder writes for the common values")
    func fastPathTextsMatchTheEncoder() throws {
        let queue = try database()
        let owner = account(details: CustomerDetails())
        try throughStore(queue) { store in
            try await owner.insert(into: store)
            try await PaymentMethodRecord(id: "pm_1", accountID: "acct_1", token: "tok_1", brand: "visa", last4: "4242",
                                          expMonth: 1, expYear: 2030, isDefault: false, behaviour: .succeeds,
                                          createdAt: Date(milliseconds: 0), removedAt: nil).insert(into: store)
        }
        let texts = try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT a.details, p.behaviour FROM accounts a, payment_methods p")
        }
        #expect(texts?["details"] == "{}")
        #expect(texts?["behaviour"] == #"{"succeeds":{}}"#)
        #expect(try StoreJSONColumn.encode(CustomerDetails(), column: "details") == "{}")
        #expect(try StoreJSONColumn.encode(ChargeBehaviour.succeeds, column: "behaviour") == #"{"succeeds":{}}"#)
    }

    @Test("a subscription round-trips with every optional column set")
    func subscriptionRoundTrips() throws {
        let queue = try database()
        let ms = { (value: Int64) in Date(milliseconds: 1_700_000_000_000 + value) }
        let written = SubscriptionRecord(
            id: "sub_1", accountID: "acct_1", groupID: "pro", planID: "pro", productID: "pro.monthly",
            state: .inGracePeriod, periodType: .intro, periodStart: ms(1), periodEnd: ms(2), originalPurchase: ms(3),
            seriesAnchor: ms(4), seriesIndex: 5, introPeriodsLeft: 2, offerCode: "SPRING", offerPeriodsLeft: 1,
            willAutoRenew: true, pendingProductID: "pro.yearly", expirationReason: .billingError,
            revocationDate: ms(6), revocationReason: .developerIssue, billingIssueAt: ms(7), unsubscribeAt: ms(8),
            graceEndsAt: ms(9), retryEndsAt: ms(10), nextRetryAt: ms(11), retryIndex: 3, openInvoiceID: "in_1",
            paidAmount: 999, currency: "EUR", paymentMethodID: "pm_1", cancellationReason: .tooExpensive,
            clockID: "clock_1", nextEventAt: ms(12), originalTransactionID: "tx_1", billing: .store, priceOverride: 1299,
            mirrorSignedAt: ms(13))
        let owner = account(details: CustomerDetails())
        try throughStore(queue) { store in
            try await owner.insert(into: store)
            try await written.insert(into: store)
        }
        let read = try #require(try fetch(queue, SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = 'sub_1'"))
        #expect(read.subscription == written.subscription)
        #expect(read.periodType == written.periodType && read.seriesAnchor == written.seriesAnchor)
        #expect(read.seriesIndex == 5 && read.introPeriodsLeft == 2 && read.offerCode == "SPRING")
        #expect(read.offerPeriodsLeft == 1 && read.nextRetryAt == written.nextRetryAt && read.retryIndex == 3)
        #expect(read.openInvoiceID == "in_1" && read.clockID == "clock_1" && read.nextEventAt == written.nextEventAt)
        #expect(read.originalTransactionID == "tx_1" && read.billing == .store && read.priceOverride == 1299)
        #expect(read.mirrorSignedAt == written.mirrorSignedAt)
    }

    @Test("a purchase round-trips, with and without its optional columns")
    func purchaseRoundTrips() throws {
        let queue = try database()
        let written = PurchaseRecord(
            id: "pur_1", accountID: "acct_1", productID: "season.pass", type: .nonRenewing,
            purchasedAt: Date(milliseconds: 1_700_000_000_321), expiresAt: Date(milliseconds: 1_707_000_000_000),
            revokedAt: Date(milliseconds: 1_701_000_000_999), invoiceID: "in_1", points: 0, billing: .store)
        let plain = PurchaseRecord(id: "pur_2", accountID: "acct_1", productID: "points.500", type: .consumable,
                                   purchasedAt: Date(milliseconds: 0), expiresAt: nil, revokedAt: nil, invoiceID: "in_2",
                                   points: 500, billing: .card)
        let owner = account(details: CustomerDetails())
        try throughStore(queue) { store in
            try await owner.insert(into: store)
            for record in [written, plain] { try await record.insert(into: store) }
        }
        let read = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM purchases ORDER BY id").map { try PurchaseRecord(storeRow: $0) }
        }
        #expect(read.map(\.id) == ["pur_1", "pur_2"])
        for (got, wanted) in zip(read, [written, plain]) {
            #expect(got.accountID == wanted.accountID && got.productID == wanted.productID && got.type == wanted.type)
            #expect(got.purchasedAt == wanted.purchasedAt && got.expiresAt == wanted.expiresAt)
            #expect(got.revokedAt == wanted.revokedAt && got.invoiceID == wanted.invoiceID)
            #expect(got.points == wanted.points && got.billing == wanted.billing)
        }
    }

    @Test("a purchase row with an unknown type is a storage error naming the column")
    func unknownPurchaseTypeIsAStorageError() throws {
        let queue = try database()
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT 'pur_1' AS id, 'acct_1' AS account_id, 'x' AS product_id, 'rental' AS type, 0 AS purchased_at,
                    NULL AS expires_at, NULL AS revoked_at, 'in_1' AS invoice_id, 0 AS points, 'card' AS billing
                """)
        }
        #expect(throws: PaymentsError.storage("purchases.type holds \"rental\", which is not a Kind.")) {
            _ = try PurchaseRecord(storeRow: try #require(row))
        }
    }

    @Test("a subscription row with an unknown state is a storage error naming the column")
    func unknownStateIsAStorageError() throws {
        let queue = try database()
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT 'sub_1' AS id, 'acct_1' AS account_id, 'g' AS group_id, 'p' AS plan_id, 'x' AS product_id,
                    'paused' AS state
                """)
        }
        #expect(throws: PaymentsError.storage("subscriptions.state holds \"paused\", which is not a RenewalState.")) {
            _ = try SubscriptionRecord(storeRow: try #require(row))
        }
    }
}
