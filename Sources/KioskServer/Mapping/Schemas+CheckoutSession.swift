import Foundation
import KioskAPI
import PaymentsCore

extension Components.Schemas.CheckoutSession {
    /// The session as a remote storefront reads it. `now` is the account's clock: a session closed
    /// unpaid before its expiry time was cancelled (on the page or by abandoning it), one closed
    /// at or after it ran out of time.
    init(_ session: PaymentsCore.CheckoutSession, page: URL, now: Date) {
        let outcome: OutcomePayload? = switch (session.paymentStatus, session.status) {
        case (.paid, _): .succeeded
        case (.unpaid, .open): nil
        case (.unpaid, .complete), (.unpaid, .expired): now < session.expiresAt ? .cancelled : .expired
        }
        self.init(
            id: session.id, productId: session.productID, checkoutUrl: page.absoluteString,
            status: StatusPayload(session.status), paymentStatus: session.isPaid ? .paid : .unpaid, outcome: outcome,
            offerCode: session.offerCode, dueToday: session.dueToday.map(Components.Schemas.Money.init),
            firstRenewalAt: session.firstRenewal?.date,
            firstRenewalPrice: session.firstRenewal.map { Components.Schemas.Money($0.amount) },
            expiresAt: session.expiresAt, invoiceId: session.paymentID, subscriptionId: session.subscriptionID,
            lastDeclineMessage: session.lastDeclineMessage)
    }
}

extension Components.Schemas.CheckoutSession.StatusPayload {
    init(_ status: CheckoutSessionStatus) {
        switch status {
        case .open: self = .open
        case .complete: self = .complete
        case .expired: self = .expired
        }
    }
}
