import Foundation
import GRDB

/// A `checkout_sessions` row, read and written field by field inside a `UnitOfWork`.
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
                subscription_id = ?, last_decline = ?, pending_card = ?
            WHERE id = ?
            """, arguments: [status.rawValue, paymentStatus.rawValue, attempts, paymentID, subscriptionID,
                             lastDecline, pendingCard, id])
    }

    /// Open sessions past their expiry read as expired even before anything rewrites the row.
    func effectiveStatus(at now: Date) -> CheckoutSessionStatus {
        status == .open && now >= expiresAt ? .expired : status
    }
}
