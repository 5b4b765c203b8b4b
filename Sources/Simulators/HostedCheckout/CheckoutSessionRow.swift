import Foundation
import GRDB
import PaymentsCore

/// A `checkout_sessions` row: the provider's own record of a session, read and written field by
/// field in the provider's transactions.
struct CheckoutSessionRow {
    var id: String
    var accountID: String
    var productID: String
    var successURL: String
    var cancelURL: String
    var state: String
    var status: CheckoutSessionStatus
    var paymentStatus: CheckoutPaymentStatus
    var createdAt: Date
    var expiresAt: Date
    var attempts: Int
    var paymentID: String?
    var subscriptionID: String?
    var lastDecline: String?
    /// JSON of the `CheckoutChallenge` waiting for the customer's 3-D Secure answer.
    var pendingCard: String?
    var offerCode: String?
    var idempotencyKey: String?
    /// The product the session's subscription is on, as of the store events read so far.
    var subscriptionProductID: String?
    /// The subscription's renewal failed and it has not paid since (one `on_hold` per failure).
    var onHold: Bool
    /// The one-off payment method of the charge request in flight (attempt `attempts`): set
    /// before the store is asked, cleared when its answer is recorded, so a retry after a crash
    /// or a second submit replays the same request instead of making a new one.
    var purchaseMethodID: String?
    /// Whether this session added `purchaseMethodID` (a card the customer had not saved): only
    /// such a card is removed when its charge fails, never one saved before.
    var purchaseMethodAdded: Bool

    init(row: Row) throws {
        id = row["id"]
        accountID = row["account_id"]
        productID = row["product_id"]
        successURL = row["success_url"]
        cancelURL = row["cancel_url"]
        state = row["state"]
        let statusText: String = row["status"]
        let paymentText: String = row["payment_status"]
        guard let status = CheckoutSessionStatus(rawValue: statusText),
              let paymentStatus = CheckoutPaymentStatus(rawValue: paymentText) else {
            throw PaymentsError.storage("checkout session \(id) has an unknown status")
        }
        self.status = status
        self.paymentStatus = paymentStatus
        createdAt = Date(milliseconds: row["created_at"])
        expiresAt = Date(milliseconds: row["expires_at"])
        attempts = row["attempts"]
        paymentID = row["payment_id"]
        subscriptionID = row["subscription_id"]
        lastDecline = row["last_decline"]
        pendingCard = row["pending_card"]
        offerCode = row["offer_code"]
        idempotencyKey = row["idempotency_key"]
        subscriptionProductID = row["subscription_product_id"]
        onHold = row["on_hold"]
        purchaseMethodID = row["purchase_method_id"]
        purchaseMethodAdded = row["purchase_method_added"]
    }

    init(id: String, request: NewCheckoutSession, createdAt: Date) {
        self.id = id
        accountID = request.accountID
        productID = request.productID
        successURL = request.successURL
        cancelURL = request.cancelURL
        state = request.state
        status = .open
        paymentStatus = .unpaid
        self.createdAt = createdAt
        expiresAt = createdAt + request.lifetime
        attempts = 0
        offerCode = request.offerCode
        idempotencyKey = request.idempotencyKey
        onHold = false
        purchaseMethodAdded = true
    }

    static func fetch(_ db: Database, id: String) throws -> CheckoutSessionRow {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM checkout_sessions WHERE id = ?"),
                                         arguments: [id]) else {
            throw HostedCheckoutError.sessionNotFound(id)
        }
        return try CheckoutSessionRow(row: row)
    }

    func insert(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO checkout_sessions(id, account_id, product_id, success_url, cancel_url, state, status,
                payment_status, created_at, expires_at, attempts, offer_code, idempotency_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [id, accountID, productID, successURL, cancelURL, state, status.rawValue,
                             paymentStatus.rawValue, createdAt.milliseconds, expiresAt.milliseconds, attempts,
                             offerCode, idempotencyKey])
    }

    func update(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE checkout_sessions SET status = ?, payment_status = ?, attempts = ?, payment_id = ?,
                subscription_id = ?, last_decline = ?, pending_card = ?, subscription_product_id = ?, on_hold = ?,
                purchase_method_id = ?, purchase_method_added = ?
            WHERE id = ?
            """, arguments: [status.rawValue, paymentStatus.rawValue, attempts, paymentID, subscriptionID,
                             lastDecline, pendingCard, subscriptionProductID, onHold, purchaseMethodID,
                             purchaseMethodAdded, id])
    }

    /// Open sessions past their expiry read as expired even before anything rewrites the row.
    func effectiveStatus(at now: Date) -> CheckoutSessionStatus {
        status == .open && now >= expiresAt ? .expired : status
    }
}

/// A 3-D Secure challenge waiting on a checkout session: the store's pending action for the
/// purchase and the card it was for (removed if the challenge fails and the session added it).
struct CheckoutChallenge: Codable {
    var pendingActionID: String
    var paymentMethodID: String
    /// Absent in challenges recorded before saved cards were reused: those cards were all added.
    var paymentMethodAdded: Bool?
}
