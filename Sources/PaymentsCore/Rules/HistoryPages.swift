import Foundation

/// Keyset pages over what has happened: invoices, the points ledger and the event feed. Work
/// that grows with history pages here instead of loading it whole.
struct HistoryPages: Rules {
    let work: UnitOfWork

    /// Billing history newest first, by keyset: the cursor is the last row's (created_at, id), and
    /// the query walks the `invoices_history` index (which ends in the id) backwards from there.
    /// Invoices of one millisecond come newest first too, but for ids of different widths
    /// ("INV-999999" and "INV-1000000"): the order is still total, so no page skips or repeats one.
    func invoices(accountID: String, query: InvoiceQuery) async throws -> Page<Invoice> {
        var conditions = ["account_id = ?"]
        var arguments: [(any StoreValueConvertible)?] = [accountID]
        if let status = query.status {
            conditions.append("status = ?")
            arguments.append(status.rawValue)
        }
        if let year = query.year {
            // The years a stored instant can be in; the last has no following year to end at.
            guard (1970...9999).contains(year),
                  let start = ISODuration.utc.date(from: DateComponents(year: year, month: 1, day: 1)) else {
                throw PaymentsError.invalidInput(field: "year", message: "\(year) is not a year from 1970 to 9999")
            }
            conditions.append("created_at >= ?")
            arguments.append(start)
            if year < 9999 {
                conditions.append("created_at < ?")
                arguments.append(try ISODuration(years: 1).advance(start))
            }
        }
        if let cursor = query.cursor {
            guard let position = KeysetCursor(cursor) else {
                throw PaymentsError.invalidInput(field: "cursor", message: "'\(cursor)' is not a page cursor")
            }
            // A row-value comparison: SQLite seeks the index to it, where the equivalent OR form
            // walks every entry before the cursor (measured on 3.40), so deep pages stay fast.
            conditions.append("(created_at, id) < (?, ?)")
            arguments += [position.time, position.key]
        }
        let limit = min(max(query.limit, 1), 500)
        // The page size is bound, not written into the text: each distinct text is a statement
        // the connection keeps prepared.
        let rows = try await store.fetchAll(StoredRow.self, StoreSQL("""
            SELECT * FROM invoices WHERE \(conditions.joined(separator: " AND "))
            ORDER BY created_at DESC, id DESC LIMIT ?
            """), StoreArguments(arguments + [limit + 1]))
        let page = try rows.prefix(limit).map { try InvoiceRecord(storeRow: $0).invoice }
        var next: String?
        if rows.count > limit, let last = rows.prefix(limit).last {
            next = KeysetCursor(time: try last.get("created_at"), key: try last.get("id")).description
        }
        return Page(items: page, nextCursor: next)
    }

    func pointsLedger(accountID: String, cursor: String?, limit: Int) async throws -> Page<PointsEntry> {
        var sql = "SELECT * FROM points_ledger WHERE account_id = ?"
        var arguments: [(any StoreValueConvertible)?] = [accountID]
        if let cursor {
            guard let seq = KeysetCursor(cursor)?.seq else {
                throw PaymentsError.invalidInput(field: "cursor", message: "'\(cursor)' is not a page cursor")
            }
            sql += " AND seq < ?"
            arguments.append(seq)
        }
        let limit = min(max(limit, 1), 500)
        let rows = try await store.fetchAll(StoredRow.self, StoreSQL(sql + " ORDER BY seq DESC LIMIT ?"),
                                            StoreArguments(arguments + [limit + 1]))
        let items = try rows.prefix(limit).map { row in
            PointsEntry(id: try row.get("seq"), accountID: try row.get("account_id"), delta: try row.get("delta"),
                        balanceAfter: try row.get("balance_after"), reason: try row.get("reason"),
                        productID: try row.get("product_id"), invoiceID: try row.get("invoice_id"), at: try row.get("at"))
        }
        let next = rows.count > limit ? items.last.map { KeysetCursor(time: 0, key: String($0.id)).description } : nil
        return Page(items: items, nextCursor: next)
    }

    /// The last settled event's id (in feed order, `EventFeedOrder`), whatever its type: a reader
    /// starting there sees only what happens next, without reading the history first (an index
    /// seek however long the history is).
    func feedPosition(accountID: String?) async throws -> Int64 {
        let (scope, arguments) = Self.scope(accountID)
        let last = try await store.fetchOne(Int64.self, EventFeedOrder.sql { feed in
            "SELECT seq FROM events WHERE \(scope)\(feed.settled()) ORDER BY \(feed.descending()) LIMIT 1"
        }, StoreArguments(arguments))
        return last ?? 0  // an empty feed's position
    }

    /// The condition (ending in `AND`) and argument that keep a feed query to one account's
    /// events, or nothing for the whole feed.
    private static func scope(_ accountID: String?) -> (sql: String, arguments: [(any StoreValueConvertible)?]) {
        accountID.map { ("account_id = ? AND ", [$0]) } ?? ("", [])
    }

    /// Reads only events after `position` (an index range), so a poller asking every fraction of
    /// a second pays for what is new, not for the history. At most `advanceLimit` events a
    /// round: the position is the last one read, and the next round goes on from there.
    func feedAdvance(after position: Int64) async throws -> FeedAdvance {
        var advance = FeedAdvance(position: position, accounts: [:])
        let rows = try await store.fetchAll(StoredRow.self, EventFeedOrder.sql { feed in
            "SELECT account_id, seq FROM events WHERE \(feed.after()) ORDER BY \(feed.ascending()) LIMIT ?"
        }, [position, position, Self.advanceLimit])
        for row in rows {
            let seq: Int64 = try row.get("seq")
            advance.position = seq
            if let accountID = try row.get("account_id", as: String?.self) { advance.accounts[accountID] = seq }
        }
        return advance
    }

    static let advanceLimit = 10_000

    /// The newest transaction whose events (of the account, or any) are in the snapshot but held
    /// back behind one still running (`EventFeedOrder`); nil when none are. With `awaiting`, only
    /// whether that one is still held back: a reader waits for what it saw, not for newer writes.
    func heldBack(accountID: String?, awaiting: Int64?) async throws -> Int64? {
        if let awaiting {
            let settled = try await store.fetchOne(Bool.self, EventFeedOrder.sql { feed in "SELECT \(feed.passed())" }, [awaiting])
            return settled == true ? nil : awaiting
        }
        let (scope, arguments) = Self.scope(accountID)
        return try await store.fetchOne(Int64.self, EventFeedOrder.sql { feed in """
            SELECT \(feed.writer()) FROM events WHERE \(scope)NOT (\(feed.settled())) ORDER BY \(feed.descending()) LIMIT 1
            """ }, StoreArguments(arguments))
    }

    func events(accountID: String?, after: Int64?, limit: Int) async throws -> [StoreEvent] {
        let page = min(max(limit, 1), 1000)
        let position = after ?? 0
        // App analytics and customer notices live in the same table but have their own feeds.
        let (scope, arguments) = Self.scope(accountID)
        let rows = try await store.fetchAll(StoredRow.self, EventFeedOrder.sql { feed in """
            SELECT * FROM events WHERE \(scope)\(feed.after())
            AND type NOT LIKE 'analytics.%' AND type NOT LIKE 'notice.%' ORDER BY \(feed.ascending()) LIMIT ?
            """ }, StoreArguments(arguments + [position, position, page]))
        return try rows.compactMap { row in
            guard let type = StoreEventType(rawValue: try row.get("type")) else { return nil }
            return StoreEvent(id: try row.get("seq"), accountID: try row.get("account_id"), type: type, at: try row.get("at"),
                              subscriptionID: try row.get("subscription_id"), productID: try row.get("product_id"),
                              invoiceID: try row.get("invoice_id"), detail: try row.get("detail"))
        }
    }
}

/// An opaque page position, "time.key": billing history's (created_at, invoice id), the points
/// ledger's seq (with time 0). Keys have no dot.
struct KeysetCursor: CustomStringConvertible {
    var time: Int64
    var key: String

    init(time: Int64, key: String) {
        self.time = time
        self.key = key
    }

    init?(_ text: String) {
        guard let dot = text.firstIndex(of: "."), let time = Int64(text[..<dot]) else { return nil }
        let key = text[text.index(after: dot)...]
        guard (1...64).contains(key.utf8.count), !key.contains(".") else { return nil }
        self.init(time: time, key: String(key))
    }

    /// The key as a ledger seq, nil when it is not a number.
    var seq: Int64? { Int64(key) }

    var description: String { "\(time).\(key)" }
}
