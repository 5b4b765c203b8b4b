import Foundation
import GRDB

/// Notices a customer should read (a trial ending, a renewal that failed), each announced once.
struct CustomerNotices: Rules {
    let work: UnitOfWork

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
        return try await customerAccess.subscriptions(accountID: accountID).filter { record in
            guard record.state == .subscribed, record.periodType == .trial, now < record.periodEnd,
                  try Self.trialEndingNoticeLead.advance(now) >= record.periodEnd else { return false }
            let noticed = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM events WHERE account_id = ? AND type = ? AND subscription_id = ? AND detail = ?)
                """, arguments: [accountID, Self.trialEndingNoticeType, record.id, String(try record.periodEnd.milliseconds)])
            return noticed != true
        }
    }

    func recordTrialEndingNotices(accountID: String) async throws {
        let now = try await now(for: account(accountID))
        for record in try await trialsEndingWithoutNotice(accountID: accountID) {
            try db.execute(sql: """
                INSERT INTO events(account_id, type, at, subscription_id, product_id, detail) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [accountID, Self.trialEndingNoticeType, now.milliseconds, record.id, record.productID,
                                 String(try record.periodEnd.milliseconds)])
        }
    }

    /// Notices from the account's events after `after`. A renewal failure notifies once per
    /// billing issue (the first failed charge of its invoice), not on every retry.
    func notices(accountID: String, after: Int64?) async throws -> [CustomerNotice] {
        _ = try await account(accountID)
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.*, EXISTS (SELECT 1 FROM events t WHERE t.account_id = e.account_id AND t.type = ?
                                AND t.subscription_id = e.subscription_id) AS trial
            FROM events e WHERE e.account_id = ? AND e.seq > ? AND (e.type IN (?, ?, ?)
                OR (e.type = ? AND NOT EXISTS (SELECT 1 FROM events f WHERE f.account_id = e.account_id
                    AND f.type = e.type AND f.invoice_id = e.invoice_id AND f.seq < e.seq)))
            ORDER BY e.seq LIMIT \(Self.noticePageSize)
            """, arguments: [StoreEventType.trialStarted.rawValue, accountID, after ?? 0,
                             StoreEventType.purchaseCompleted.rawValue, StoreEventType.refunded.rawValue,
                             Self.trialEndingNoticeType, StoreEventType.renewalFailed.rawValue])
        var notices: [CustomerNotice] = []
        for row in rows { notices.append(try await notice(row)) }
        return notices
    }

    private func notice(_ row: Row) async throws -> CustomerNotice {
        let type: String = row["type"]
        let productID: String? = row["product_id"]
        let subscriptionID: String? = row["subscription_id"]
        let invoiceID: String? = row["invoice_id"]
        let product = try await productName(productID: productID, subscriptionID: subscriptionID)
        var notice = CustomerNotice(id: row["seq"], kind: .purchaseSucceeded, title: "", message: "",
                                    at: Date(milliseconds: row["at"]), productID: productID,
                                    subscriptionID: subscriptionID, invoiceID: invoiceID)
        switch type {
        case StoreEventType.purchaseCompleted.rawValue where row["trial"] == true:
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
            let amount = try invoiceID.flatMap { try InvoiceRecord.fetchOne(db, key: $0) }
                .map { Money(minorUnits: abs($0.total), currency: Currency(code: $0.currency) ?? .usd).formatted() }
            notice.message = "Your refund" + (amount.map { " of \($0)" } ?? "") + " for \(product) has been issued."
        default:
            notice.kind = .trialEndingSoon
            notice.title = "Trial ending soon"
            let ends = (row["detail"] as String?).flatMap(Int64.init).map(Date.init(milliseconds:))
            let day = ends.map { " on " + $0.formatted(Self.noticeDay) } ?? " soon"
            var renews = false
            if let subscriptionID { renews = try await subscription(subscriptionID).willAutoRenew }
            notice.message = "Your free trial of \(product) ends\(day)." + (renews ? " Your subscription starts then." : "")
        }
        return notice
    }

    /// The plan or product name a customer recognises, else the product id.
    private func productName(productID: String?, subscriptionID: String?) async throws -> String {
        if let subscriptionID, let record = try SubscriptionRecord.fetchOne(db, key: subscriptionID),
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
