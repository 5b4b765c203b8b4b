import Foundation
import GRDB
import PaymentsCore

/// How the simulated provider learns what became of the subscriptions and payments its
/// checkouts started: it reads the store's change feed and invoices through the store's API,
/// as a real provider's own records would move, never by the store calling into it.
///
/// Each event after the provider's cursor that concerns a checkout's subscription or payment
/// becomes the webhook DodoPayments would send (renewed, on hold, plan changed, cancelled,
/// expired, refunded). The cursor moves in the same transaction as the queued webhooks, and a
/// page read from a cursor another collector has moved since is dropped and read again from
/// there, so collecting twice, or from two processes, queues each webhook once. Cursors are
/// event ids compared for equality only: on a PostgreSQL store the feed runs in commit order
/// and ids need not rise along it.
struct ProviderEventFeed {
    let database: any DatabaseWriter
    let merchant: any PaymentsService
    let clock: any KioskClock

    static let cursorKey = "provider_event_cursor"
    static let pageSize = 1000

    /// Queues the webhooks for the events not looked at yet.
    func collect() async throws {
        var cursor = try await database.read { try Self.cursor($0) }
        while true {
            let events = try await merchant.events(accountID: nil, after: cursor, limit: Self.pageSize)
            guard let last = events.last else { return }
            let invoices = try await invoices(for: events)
            let now = clock.now.wholeSeconds
            let readFrom = cursor
            let movedMeanwhile: Int64? = try await database.write { db in
                let stored = try Self.cursor(db)
                guard stored == readFrom else { return stored }
                let outbox = ProviderOutbox(db: db, now: now)
                for event in events {
                    try apply(event, invoices: invoices, outbox: outbox, db: db)
                }
                try db.execute(sql: """
                    INSERT INTO provider_state(key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [Self.cursorKey, String(last.id)])
                return nil
            }
            if let movedMeanwhile {
                cursor = movedMeanwhile
                continue
            }
            cursor = last.id
            if events.count < Self.pageSize { return }
        }
    }

    private static func cursor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT CAST(value AS BIGINT) FROM provider_state WHERE key = ?"),
                           arguments: [cursorKey]) ?? 0
    }

    /// The invoices the page's webhooks need (what a renewal, change or refund charged), asked of
    /// the store only for events about a checkout's subscription or payment.
    private func invoices(for events: [StoreEvent]) async throws -> [String: Invoice] {
        let subscriptions = Set(events.compactMap(\.subscriptionID))
        let refunded = Set(events.filter { $0.type == .refunded }.compactMap(\.detail))
        guard !subscriptions.isEmpty || !refunded.isEmpty else { return [:] }
        let (known, paid) = try await database.read { db in
            (try Self.existing(db, column: "subscription_id", among: subscriptions),
             try Self.existing(db, column: "payment_id", among: refunded))
        }
        var invoices: [String: Invoice] = [:]
        for event in events {
            guard let invoiceID = event.invoiceID, invoices[invoiceID] == nil else { continue }
            let concerned = switch event.type {
            case .renewed, .recovered, .planChanged: event.subscriptionID.map(known.contains) ?? false
            case .refunded: (event.detail.map(paid.contains) ?? false) || (event.subscriptionID.map(known.contains) ?? false)
            default: false
            }
            if concerned { invoices[invoiceID] = try await merchant.invoice(invoiceID) }
        }
        return invoices
    }

    private static func existing(_ db: Database, column: String, among values: Set<String>) throws -> Set<String> {
        guard !values.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return Set(try String.fetchAll(db, sql: "SELECT \(column) FROM checkout_sessions WHERE \(column) IN (\(marks))",
                                       arguments: StatementArguments(Array(values))))
    }

    private func apply(_ event: StoreEvent, invoices: [String: Invoice], outbox: ProviderOutbox, db: Database) throws {
        switch event.type {
        case .renewed, .recovered:
            // A recovery's event names no product, so only a renewal can bring a plan change.
            guard var session = try session(db, subscriptionID: event.subscriptionID), let invoice = invoice(event, invoices)
            else { return }
            let next = invoice.servicePeriodEnd
            if let product = event.productID, product != session.subscriptionProductID {
                try outbox.enqueue(.subscriptionPlanChanged, for: session, amount: nil, at: event.at, nextBillingDate: next)
                session.subscriptionProductID = product
            }
            try outbox.enqueue(.subscriptionRenewed, for: session, amount: invoice.total, at: event.at, nextBillingDate: next)
            session.onHold = false
            try session.update(db)
        case .planChanged:
            // Only a change made now has an invoice; one scheduled for the renewal is told then.
            guard var session = try session(db, subscriptionID: event.subscriptionID), let invoice = invoice(event, invoices)
            else { return }
            try outbox.enqueue(.subscriptionPlanChanged, for: session, amount: invoice.total, at: event.at,
                               nextBillingDate: invoice.servicePeriodEnd)
            session.subscriptionProductID = event.productID ?? session.subscriptionProductID
            try session.update(db)
        case .gracePeriodStarted, .billingRetryStarted:
            // On hold when a renewal first fails, not again when grace runs into billing retry
            // (even when a retry fails at that very instant). The period end is still the
            // renewal date that failed.
            guard var session = try session(db, subscriptionID: event.subscriptionID), !session.onHold else { return }
            try outbox.enqueue(.subscriptionOnHold, for: session, amount: nil, at: event.at, nextBillingDate: event.at)
            session.onHold = true
            try session.update(db)
        case .expired:
            guard var session = try session(db, subscriptionID: event.subscriptionID) else { return }
            // Dodo: an ending the customer chose is "cancelled"; running out of retries is "expired".
            let chosen = ExpirationReason(rawValue: event.detail ?? "") == .autoRenewDisabled
            try outbox.enqueue(chosen ? .subscriptionCancelled : .subscriptionExpired, for: session, amount: nil, at: event.at)
            session.onHold = false
            try session.update(db)
        case .revoked:
            guard let session = try session(db, subscriptionID: event.subscriptionID) else { return }
            try outbox.enqueue(.subscriptionCancelled, for: session, amount: nil, at: event.at)
        case .refunded:
            // The refund invoice, and in `detail` the invoice it refunds: the checkout's payment,
            // or a renewal of a subscription born in one.
            guard let original = event.detail, let refund = invoice(event, invoices),
                  let session = try refundedSession(db, paymentID: original, subscriptionID: event.subscriptionID)
            else { return }
            try outbox.enqueue(.refundSucceeded, for: session,
                               amount: Money(minorUnits: -refund.total.minorUnits, currency: refund.total.currency),
                               at: event.at)
        default:
            return
        }
    }

    private func invoice(_ event: StoreEvent, _ invoices: [String: Invoice]) -> Invoice? {
        event.invoiceID.flatMap { invoices[$0] }
    }

    private func session(_ db: Database, subscriptionID: String?) throws -> CheckoutSessionRow? {
        guard let subscriptionID else { return nil }
        return try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM checkout_sessions WHERE subscription_id = ?"),
                                arguments: [subscriptionID]).map(CheckoutSessionRow.init(row:))
    }

    private func refundedSession(_ db: Database, paymentID: String, subscriptionID: String?) throws -> CheckoutSessionRow? {
        try Row.fetchOne(db, sql: """
            SELECT * FROM checkout_sessions WHERE payment_id = ? OR (subscription_id IS NOT NULL AND subscription_id = ?)
            """, arguments: [paymentID, subscriptionID]).map(CheckoutSessionRow.init(row:))
    }
}
