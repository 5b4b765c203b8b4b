import Foundation

/// The storefront's analytics events (paywall shown, plan viewed), kept beside the store's own
/// events so a funnel can be read from one feed.
struct AnalyticsLog: Rules {
    let work: UnitOfWork

    /// Store events that are bookkeeping rather than customer behaviour, left out of the
    /// analytics feed. Any other store event type, including ones added later, is in it.
    static let bookkeepingEventTypes: Set<StoreEventType> = [
        .usageRecorded, .pointsCredited, .pointsSpent, .paymentMethodAdded, .paymentMethodRemoved,
        .clockAdvanced, .testClockAttached, .testClockDetached, .transactionsCleared,
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
        guard let seq = try await store.fetchOne(Int64.self, """
            INSERT INTO events(account_id, type, at, product_id) VALUES (?, ?, ?, ?) RETURNING seq
            """, [accountID, AnalyticsEvent.typePrefix + event.name, now, event.productID]) else {
            throw PaymentsError.storage("the analytics event of \(accountID) was not stored")
        }
        return AnalyticsEntry(id: seq, accountID: accountID, kind: .app(event), at: now,
                              subscriptionID: nil, productID: event.productID, invoiceID: nil, detail: nil)
    }

    func analytics(accountID: String, after: Int64?, limit: Int) async throws -> [AnalyticsEntry] {
        _ = try await account(accountID)
        let types = Self.analyticsFeedTypes
        let parameterMarks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var arguments: [(any StoreValueConvertible)?] = [accountID, after ?? 0, after ?? 0]
        arguments += types.map { $0 }
        arguments.append(min(max(limit, 1), 1000))
        let rows = try await store.fetchAll(StoredRow.self, EventFeedOrder.sql { feed in """
            SELECT * FROM events WHERE account_id = ? AND \(feed.after()) AND type IN (\(parameterMarks))
            ORDER BY \(feed.ascending()) LIMIT ?
            """ }, StoreArguments(arguments))
        var entries: [AnalyticsEntry] = []
        for row in rows {
            let type: String = try row.get("type")
            let productID: String? = try row.get("product_id")
            let kind: AnalyticsEntry.Kind
            if type.hasPrefix(AnalyticsEvent.typePrefix),
               let event = AnalyticsEvent(name: String(type.dropFirst(AnalyticsEvent.typePrefix.count)), productID: productID) {
                kind = .app(event)
            } else if let storeType = StoreEventType(rawValue: type) {
                kind = .store(storeType)
            } else {
                continue
            }
            entries.append(AnalyticsEntry(id: try row.get("seq"), accountID: accountID, kind: kind, at: try row.get("at"),
                                          subscriptionID: try row.get("subscription_id"), productID: productID,
                                          invoiceID: try row.get("invoice_id"), detail: try row.get("detail")))
        }
        return entries
    }
}
