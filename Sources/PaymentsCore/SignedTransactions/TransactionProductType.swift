/// The kind of in-app product a transaction is for, spelled exactly as App Store payloads spell it so
/// that decoded payloads read like StoreKit 2 transactions.
public enum TransactionProductType: String, Codable, Sendable, CaseIterable {
    case autoRenewableSubscription = "Auto-Renewable Subscription"
    case nonConsumable = "Non-Consumable"
    case consumable = "Consumable"
    case nonRenewingSubscription = "Non-Renewing Subscription"
}
