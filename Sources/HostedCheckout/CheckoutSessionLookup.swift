import Foundation
import PaymentsCore

/// The JSON a session lookup returns: the server-side truth a client confirms a redirect with.
struct CheckoutSessionLookup: Encodable {
    let id: String
    let status: CheckoutSessionStatus
    let paymentStatus: CheckoutPaymentStatus
    let paymentID: String?
    let subscriptionID: String?
    let expiresAt: Date
    let confirmedByWebhook: Bool

    init(_ session: CheckoutSession) {
        id = session.id
        status = session.status
        paymentStatus = session.paymentStatus
        paymentID = session.paymentID
        subscriptionID = session.subscriptionID
        expiresAt = session.expiresAt
        confirmedByWebhook = session.confirmedAt != nil
    }

    enum CodingKeys: String, CodingKey {
        case id, status
        case paymentStatus = "payment_status"
        case paymentID = "payment_id"
        case subscriptionID = "subscription_id"
        case expiresAt = "expires_at"
        case confirmedByWebhook = "confirmed_by_webhook"
    }
}
