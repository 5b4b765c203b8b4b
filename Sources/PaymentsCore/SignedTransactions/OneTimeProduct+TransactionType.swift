extension OneTimeProduct.Kind {
    /// The App Store's name for this kind of product in a transaction.
    public var transactionType: TransactionProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewing: .nonRenewingSubscription
        }
    }
}
