import Foundation

/// Checks that the books balance and that every entitlement has the transaction that proves it,
/// so a QA run or a snapshot restore can prove nothing was lost or counted twice.
struct BooksAudit: Rules {
    let work: UnitOfWork
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// The money part of the books in two aggregate queries, cheap enough for every `kiosk status`
    /// and `store buy`: each invoice's ledger against its total, each wallet against its ledger.
    /// `invariantViolations` says the same of these rows and checks the rest.
    func moneyMismatches() async throws -> [String] {
        let invoices = try await store.fetchAll(StoredRow.self, """
            SELECT i.id, i.status, i.total, CAST(COALESCE(l.moved, 0) AS BIGINT) AS moved FROM invoices i
            LEFT JOIN (SELECT invoice_id, SUM(amount) AS moved FROM ledger GROUP BY invoice_id) l ON l.invoice_id = i.id
            WHERE COALESCE(l.moved, 0) <> CASE WHEN i.status IN ('paid', 'refunded', 'disputed') THEN i.total ELSE 0 END
            ORDER BY i.id LIMIT 20
            """)
        let wallets = try await store.fetchAll(StoredRow.self, """
            SELECT a.id, a.points_balance, CAST(COALESCE(SUM(p.delta), 0) AS BIGINT) AS total
            FROM accounts a LEFT JOIN points_ledger p ON p.account_id = a.id GROUP BY a.id, a.points_balance
            HAVING a.points_balance <> COALESCE(SUM(p.delta), 0) ORDER BY a.id LIMIT 20
            """)
        return try invoices.map { row in
            let (id, status): (String, String) = (try row.get("id"), try row.get("status"))
            let (total, moved): (Int64, Int64) = (try row.get("total"), try row.get("moved"))
            let expected: Int64 = ["paid", "refunded", "disputed"].contains(status) ? total : 0
            return "\(id) (\(status)): ledger holds \(moved), expected \(expected)"
        } + wallets.map { row in
            let id: String = try row.get("id")
            return "\(id): points balance \(try row.get("points_balance") as Int64) but ledger sums to \(try row.get("total") as Int64)"
        }
    }

    /// The books must balance whatever happened (crashes, retries, replays). Each broken rule
    /// comes back as a sentence naming the row.
    func invariantViolations() async throws -> [String] {
        var problems: [String] = []
        // Every invoice's lines add up to its total, and the ledger holds exactly the money it moved.
        let invoices = try await store.fetchAll(InvoiceRecord.self, "SELECT * FROM invoices")
        let ledger = try Dictionary(uniqueKeysWithValues: await store.fetchAll(StoredRow.self, """
            SELECT invoice_id, CAST(SUM(amount) AS BIGINT) AS total FROM ledger GROUP BY invoice_id
            """).map { row -> (String, Int64) in (try row.get("invoice_id"), try row.get("total")) })
        for invoice in invoices {
            let lineSum = invoice.lines.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
            if lineSum != invoice.total { problems.append("\(invoice.id): lines sum to \(lineSum), total is \(invoice.total)") }
            let moved = ledger[invoice.id] ?? 0
            let expected: Int64 = switch invoice.status {
            case .paid, .refunded, .disputed: invoice.total
            case .draft, .open, .void, .uncollectible: 0
            }
            if moved != expected { problems.append("\(invoice.id) (\(invoice.status.rawValue)): ledger holds \(moved), expected \(expected)") }
        }
        // Wallets equal the sum of their ledgers; balances never go below zero through spending.
        let wallets = try await store.fetchAll(StoredRow.self, """
            SELECT a.id, a.points_balance, CAST(COALESCE(SUM(p.delta), 0) AS BIGINT) AS total, a.credit_balance
            FROM accounts a LEFT JOIN points_ledger p ON p.account_id = a.id GROUP BY a.id
            """)
        for row in wallets {
            let id: String = try row.get("id")
            let balance: Int64 = try row.get("points_balance")
            let total: Int64 = try row.get("total")
            if balance != total { problems.append("\(id): points balance \(balance) but ledger sums to \(total)") }
            let credit: Int64 = try row.get("credit_balance")
            if credit < 0 { problems.append("\(id): negative account balance \(credit)") }
        }
        // No purchase is credited twice, however often its receipt arrived.
        let doubled = try await store.fetchAll(String.self, """
            SELECT invoice_id FROM points_ledger WHERE delta > 0 AND invoice_id IS NOT NULL
            GROUP BY invoice_id HAVING COUNT(*) > 1
            """)
        problems += doubled.map { "\($0): points credited more than once" }
        // At most one live subscription per account and group; entitled ones were paid for.
        let live = try await store.fetchAll(StoredRow.self, """
            SELECT account_id, group_id, COUNT(*) AS n FROM subscriptions
            WHERE state IN ('subscribed', 'inGracePeriod', 'inBillingRetryPeriod') GROUP BY account_id, group_id HAVING COUNT(*) > 1
            """)
        for row in live {
            let account: String = try row.get("account_id")
            problems.append("\(account): \(try row.get("n") as Int) live subscriptions in one group")
        }
        let unpaid = try await store.fetchAll(String.self, """
            SELECT s.id FROM subscriptions s WHERE s.state IN ('subscribed', 'inGracePeriod')
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.id AND i.status = 'paid')
            """)
        problems += unpaid.map { "\($0): entitled without a paid invoice" }
        // Nothing stays active on a refunded purchase.
        let refundedLive = try await store.fetchAll(String.self, """
            SELECT s.id FROM subscriptions s JOIN invoices i ON i.subscription_id = s.id
            WHERE i.kind = 'refund' AND s.state IN ('subscribed', 'inGracePeriod', 'inBillingRetryPeriod')
            AND i.created_at >= s.period_start
            """)
        problems += refundedLive.map { "\($0): active after a refund" }
        let refundedPurchases = try await store.fetchAll(String.self, """
            SELECT p.id FROM purchases p JOIN invoices i ON i.id = p.invoice_id
            WHERE i.status = 'refunded' AND p.revoked_at IS NULL
            """)
        problems += refundedPurchases.map { "\($0): purchase still active after its refund" }
        // Every subscription that should act again has a due time (a mirror acts when the App Store tells).
        let stuck = try await store.fetchAll(String.self, """
            SELECT id FROM subscriptions WHERE state IN ('subscribed', 'inGracePeriod', 'inBillingRetryPeriod')
            AND next_event_at IS NULL AND mirror_signed_at IS NULL
            """)
        problems += stuck.map { "\($0): live subscription with nothing scheduled" }
        return problems
    }

    /// For every entitled subscription and live unlock or pass: its latest transaction's JWS,
    /// signed now if it was never needed before, and the party its row says signed it.
    func entitlementProofs() async throws -> [EntitlementProof] {
        let subscriptions = try await store.fetchAll(StoredRow.self, """
            SELECT s.id AS owner, t.id, t.jws, t.payload, t.issuer FROM subscriptions s
            LEFT JOIN transactions t ON t.id = (SELECT t2.id FROM transactions t2 WHERE t2.subscription_id = s.id
                                                ORDER BY t2.purchase_date DESC, t2.id DESC LIMIT 1)
            WHERE s.state IN ('subscribed', 'inGracePeriod')
            """)
        let purchases = try await store.fetchAll(StoredRow.self, """
            SELECT p.id AS owner, t.id, t.jws, t.payload, t.issuer FROM purchases p
            LEFT JOIN transactions t ON t.id = (SELECT t2.id FROM transactions t2 WHERE t2.invoice_id = p.invoice_id LIMIT 1)
            WHERE p.revoked_at IS NULL AND p.type != 'consumable'
            AND (p.expires_at IS NULL OR p.expires_at > COALESCE(
                (SELECT c.frozen_time FROM accounts a JOIN test_clocks c ON c.id = a.test_clock_id WHERE a.id = p.account_id), ?))
            """, [systemNow])
        var proofs: [EntitlementProof] = []
        for row in subscriptions + purchases {
            let owner: String = try row.get("owner")
            guard let id = try row.get("id", as: String?.self) else {
                proofs.append(EntitlementProof(owner: owner, jws: nil, issuer: nil))
                continue
            }
            let issuer = try SigningParty.stored(try row.get("issuer"), transactionID: id)
            let jws = try await transactionIssuer.token(id: id, jws: try row.get("jws"), payload: try row.get("payload"),
                                                        issuer: issuer)
            proofs.append(EntitlementProof(owner: owner, jws: jws, issuer: issuer))
        }
        return proofs
    }
}

/// What entitles a subscription or purchase: its latest transaction's JWS (nil when it has
/// none) and the party its row names as the seller, whose chain must verify it.
struct EntitlementProof: Sendable {
    let owner: String
    let jws: String?
    let issuer: SigningParty?
}
