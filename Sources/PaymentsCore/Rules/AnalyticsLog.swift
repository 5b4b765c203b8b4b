import Foundation
import GRDB

/// The storefront's analytics events (paywall shown, plan viewed), kept beside the store's own
/// events so a funnel can be read from one feed.
struct AnalyticsLog: Rules {
    let work: UnitOfWork

    /// Store events that are bookkeeping rather than customer behaviour, left out of the
    /// analytics feed. Any other store event type, including ones added later, is in it.
    static let bookkeepingEventTypes: Set<StoreEventType> = [
        .usageRecorded, .pointsCredited, .pointsSpent, .paymentMethodAdded, .paymentMethodRemoved,
        .clockAdvanced, .transactionsCleared,
    ]

    /// The `type` values the analytics feed reads: every app event and every non-bookkeeping
    /// store event. Filtering in SQL keeps each page full, so a reader can page by id.
    static var analyticsFeedTypes: [String] {
        AnalyticsEvent.names.map { AnalyticsEvent.typePrefix + $0 }
            + StoreEventType.allCases.filter { !bookkeepingEventTypes.contains($0) }.map(\.rawValue)
    }

    func track(_ event: AnalyticsEvent, accountID: String) async throws -> AnalyticsEntry {
        let account = try await account(accountID)
        if let productID = event.productID, catalog.product(id: productID) == nil {
            throw PaymentsError.productNotFound(productID)
        }
        let now = try await now(for: account)
        guard let seq = try Int64.fetchOne(db, sql: """
            INSERT INTO events(account_id, type, at, product_id) VALUES (?, ?, ?, ?) RETURNING seq
            """, arguments: [accountID, AnalyticsEvent.typePrefix + event.name, now.milliseconds, event.productID]) else {
            throw PaymentsError.storage("the analytics event of \(accountID) was not stored")
        }
        return AnalyticsEntry(id: seq, accountID: accountID, kind: .app(event), at: now,
                              subscriptionID: nil, productID: event.productID, invoiceID: nil, detail: nil)
    }

    func analytics(accountID: String, after: Int64?, limit: Int) async throws -> [AnalyticsEntry] {
        _ = try await account(accountID)
        let types = Self.analyticsFeedTypes
        let parameterMarks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var arguments: StatementArguments = [accountID, after ?? 0]
        _ = arguments.append(contentsOf: StatementArguments(types))
        let rows = try Row.fetchAll(db, sql: """
            SELECT * FROM events WHERE account_id = ? AND seq > ? AND type IN (\(parameterMarks))
            ORDER BY seq LIMIT \(min(max(limit, 1), 1000))
            """, arguments: arguments)
        return rows.compactMap { row in
            let type: String = row["type"]
            let productID: String? = row["product_id"]
            let kind: AnalyticsEntry.Kind
            if type.hasPrefix(AnalyticsEvent.typePrefix),
               let event = AnalyticsEvent(name: String(type.dropFirst(AnalyticsEvent.typePrefix.count)), productID: productID) {
                kind = .app(event)
            } else if let storeType = StoreEventType(rawValue: type) {
                kind = .store(storeType)
            } else {
                return nil
            }
            return AnalyticsEntry(id: row["seq"], accountID: accountID, kind: kind, at: Date(milliseconds: row["at"]),
                                  subscriptionID: row["subscription_id"], productID: productID,
                                  invoiceID: row["invoice_id"], detail: row["detail"])
        }
    }
}
