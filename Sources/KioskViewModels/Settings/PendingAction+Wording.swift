import PaymentsCore

/// A pending action as the QA panel words it: what it is about by display name ("Starter points
/// (500 points)", "Pro Monthly"), never an internal id where the catalog or the subscription on
/// screen can name it (issue 41, item 12).
extension PendingAction {
    public func subject(in content: SettingsContent?) -> String {
        if let productID { return ProductWording.name(productID, in: content?.catalog) }
        if let subscriptionID {
            if let summary = content?.subscription, summary.subscription.id == subscriptionID { return summary.planName }
            return "subscription \(subscriptionID)"
        }
        return id
    }

    /// "Ask to buy", "3-D Secure challenge".
    public var kindWords: String {
        switch kind {
        case .askToBuy: "Ask to buy"
        case .interruptedPurchase: "Interrupted purchase"
        case .threeDSecure: "3-D Secure challenge"
        case .priceIncrease: "Price increase"
        }
    }
}
