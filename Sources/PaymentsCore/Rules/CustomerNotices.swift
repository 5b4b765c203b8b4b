import Foundation

/// Notices a customer should read (a trial ending, a renewal that failed), each announced once.
struct CustomerNotices: Rules {
    let work: UnitOfWork
    var customerAccess: CustomerAccess { CustomerAccess(work: work) }
    var historyPages: HistoryPages { HistoryPages(work: work) }

    /// The events table `type` of "this trial ends soon", recorded once per trial period so it
    /// reaches the change feed like any event. Not a `StoreEventType`: `historyPages.events()` skips it.
    static let trialEndingNoticeType = "notice.trial_ending_soon"

    /// How long before a free trial ends the customer is told (Apple and Google both remind
    /// about a day ahead; three days leaves time to cancel without a charge).
    static let trialEndingNoticeLead = ISODuration(days: 3)

    /// At most this many notices per poll, oldest first; the caller polls again after the last.
    static let noticePageSize = 100

    /// Trial subscriptions of the account within their last days with no notice recorded yet.
    func trialsEndingWithoutNotice(accountID: String) async throws -> [SubscriptionRecord] {
        let now = try await now(for: account(accountID))
        var ending: [SubscriptionRecord] = []
        for record in try await customerAccess.subscriptions(accountID: accountID) {
            guard record.state == .subscribed, record.periodType == .trial, now < record.periodEnd,
                  try Self.trialEndingNoticeLead.advance(now) >= record.periodEnd else { continue }
            let noticed = try await store.fetchOne(Bool.self, """
                SELECT EXISTS (SELECT 1 FROM events WHERE account_id = ? AND type = ? AND subscription_id = ? AND detail = ?)
                """, [accountID, Self.trialEndingNoticeType, record.id, String(try record.periodEnd.milliseconds)])
            if noticed != true { ending.append(record) }
        }
        return ending
    }

    func recordTrialEndingNotices(accountID: String) async throws {
        let now = try await now(for: account(accountID))
        for record in try await trialsEndingWithoutNotice(accountID: accountID) {
            try await store.execute("""
                INSERT INTO events(account_id, type, at, subscription_id, product_id, detail) VALUES (?, ?, ?, ?, ?, ?)
                """, [accountID, Self.trialEndingNoticeType, now, record.id, record.productID,
                      String(try record.periodEnd.milliseconds)])
        }
    }

    /// Notices from the account's events after `after`. A renewal failure notifies once per
    /// billing issue (the first failed charge of its invoice), not on every retry.
    func notices(accountID: String, after: Int64?) async throws -> [CustomerNotice] {
        _ = try await account(accountID)
        let rows = try await store.fetchAll(StoredRow.self, EventFeedOrder.sql { feed in """
            SELECT e.*, EXISTS (SELECT 1 FROM events t WHERE t.account_id = e.account_id AND t.type = ?
                                AND t.subscription_id = e.subscription_id) AS trial
            FROM events e WHERE e.account_id = ? AND \(feed.after("e")) AND (e.type IN (?, ?, ?)
                OR (e.type = ? AND NOT EXISTS (SELECT 1 FROM events f WHERE f.account_id = e.account_id
                    AND f.type = e.type AND f.invoice_id = e.invoice_id AND f.seq < e.seq)))
            ORDER BY \(feed.ascending("e")) LIMIT \(Self.noticePageSize)
            """ }, [StoreEventType.trialStarted.rawValue, accountID, after ?? 0, after ?? 0,
                   StoreEventType.purchaseCompleted.rawValue, StoreEventType.refunded.rawValue,
                   Self.trialEndingNoticeType, StoreEventType.renewalFailed.rawValue])
        var notices: [CustomerNotice] = []
        for row in rows { notices.append(try await notice(row)) }
        return notices
    }

    private func notice(_ row: StoredRow) async throws -> CustomerNotice {
        let type: String = try row.get("type")
        let productID: String? = try row.get("product_id")
        let subscriptionID: String? = try row.get("subscription_id")
        let invoiceID: String? = try row.get("invoice_id")
        let product = try await productName(productID: productID, subscriptionID: subscriptionID)
        var notice = CustomerNotice(id: try row.get("seq"), kind: .purchaseSucceeded, title: "", message: "",
                                    at: try row.get("at"), productID: productID,
                                    subscriptionID: subscriptionID, invoiceID: invoiceID)
        let trial: Bool = try row.get("trial")
        switch type {
        case StoreEventType.purchaseCompleted.rawValue where trial:
            notice.kind = .trialStarted
            notice.title = "Free trial started"
            notice.message = "Your free trial of \(product) has started. Enjoy!"
        case StoreEventType.purchaseCompleted.rawValue:
            notice.title = "Purchase complete"
            notice.message = "Thank you! Your purchase of \(product) is complete."
        case StoreEventType.renewalFailed.rawValue:
            notice.kind = .renewalFailed
            notice.title = "Payment failed"
            notice.message = "We could not renew \(product). Update your payment method to keep your subscription."
        case StoreEventType.refunded.rawValue:
            notice.kind = .refundIssued
            notice.title = "Refund issued"
            var invoice: InvoiceRecord?
            if let invoiceID { invoice = try await store.fetchOne(InvoiceRecord.self, "SELECT * FROM invoices WHERE id = ?", [invoiceID]) }
            let amount = invoice.map { Money(minorUnits: abs($0.total), currency: Currency(code: $0.currency) ?? .usd).formatted() }
            notice.message = "Your refund" + (amount.map { " of \($0)" } ?? "") + " for \(product) has been issued."
        default:
            notice.kind = .trialEndingSoon
            notice.title = "Trial ending soon"
            let ends = (try row.get("detail") as String?).flatMap(Int64.init).map(Date.init(milliseconds:))
            let day = ends.map { " on " + $0.formatted(Self.noticeDay) } ?? " soon"
            var renews = false
            if let subscriptionID { renews = try await subscription(subscriptionID).willAutoRenew }
            notice.message = "Your free trial of \(product) ends\(day)." + (renews ? " Your subscription starts then." : "")
        }
        return notice
    }

    /// The plan or product name a customer recognises, else the product id.
    private func productName(productID: String?, subscriptionID: String?) async throws -> String {
        if let subscriptionID,
           let record = try await store.fetchOne(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = ?", [subscriptionID]),
           let plan = catalog.plan(id: record.planID) {
            return plan.name
        }
        switch productID.flatMap(catalog.product(id:)) {
        case let .subscription(plan, _)?: return plan.name
        case let .oneTime(product)?: return product.name
        case nil: return productID ?? "your purchase"
        }
    }

    /// Fixed locale and zone, so a notice reads the same on every machine (as Money's wording does).
    private static let noticeDay = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"),
                                                    timeZone: TimeZone(identifier: "UTC") ?? .current)
}
