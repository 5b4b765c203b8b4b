import Foundation
import PaymentsCore

/// A subscription's state in the hosted provider's words, the ones the client apps compare
/// against, and when it took that state.
struct ProviderSubscriptionStatus: Equatable {
    enum Word: String {
        case none
        case active
        case onHold = "on_hold"
        case cancelled
        case expired
    }

    let word: Word
    let changedAt: Date

    /// A customer who never subscribed: `none` since the account exists.
    init(neverSubscribedSince created: Date) {
        word = .none
        changedAt = created
    }

    /// The status of the most recently started subscription, or nil for a customer who never had one.
    init?(latestOf subscriptions: [Subscription]) {
        guard let latest = subscriptions.max(by: { ($0.originalPurchaseDate, $0.currentPeriodStart)
                                                   < ($1.originalPurchaseDate, $1.currentPeriodStart) }) else {
            return nil
        }
        switch latest.state {
        case .subscribed:
            // Cancelled at period end keeps access, and the provider keeps calling it active.
            word = .active
            changedAt = max(latest.currentPeriodStart, latest.unsubscribeDetectedAt ?? .distantPast)
        case .inGracePeriod, .inBillingRetryPeriod:
            word = .onHold
            changedAt = latest.billingIssueDetectedAt ?? latest.currentPeriodEnd
        case .expired:
            word = .expired
            changedAt = latest.currentPeriodEnd
        case .revoked:
            word = .cancelled
            changedAt = latest.revocationDate ?? latest.currentPeriodEnd
        }
    }
}
