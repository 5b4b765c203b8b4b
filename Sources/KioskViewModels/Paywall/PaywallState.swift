import PaymentsCore

public struct PaywallState: Equatable, Sendable {
    public var account: Account?
    public var phase: LoadPhase<PaywallContent> = .loading
    public var selectedProductID: String?
    public var isRestoring = false
    /// What the restore brought back ("Restored Pro Yearly.") or why not; cleared by the next action that reloads.
    public var restoreMessage: String?

    public init(account: Account? = nil) {
        self.account = account
    }

    public var selectedPackage: PaywallPackage? {
        phase.content?.packages.first { $0.productID == selectedProductID }
    }

    public var callToAction: CallToAction? {
        guard let content = phase.content, let package = selectedPackage else { return nil }
        guard case .subscription = package.kind else {
            return content.ownedProductIDs.contains(package.productID) ? .owned : .buy
        }
        if content.subscribedProductID == package.productID { return .currentPlan }
        if content.scheduledProductID == package.productID { return .scheduled }
        if let subscribed = content.subscribedProductID {
            // Worded as Plans words the same change (issue 41, item 19): by the plans' ranks.
            guard case let .subscription(current, _)? = content.catalog.product(id: subscribed),
                  case let .subscription(offered, _)? = content.catalog.product(id: package.productID) else { return .upgrade }
            return offered.rank > current.rank ? .upgrade : offered.rank < current.rank ? .downgrade : .switchPlan
        }
        return package.hasFreeTrial ? .startFreeTrial : .subscribe
    }

    public static let keys = [
        KeyHelp("↑/↓", "Choose a package"), KeyHelp("Enter", "Continue with the selected package"),
        KeyHelp("r", "Restore purchases"),
    ]
}

/// What the paywall loads from the core in one go.
public struct PaywallData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var eligibleForIntroOffer: Bool
    public var subscriptions: [Subscription]
    public var entitlements: [Entitlement]

    public init(catalog: Catalog, account: Account, eligibleForIntroOffer: Bool,
                subscriptions: [Subscription], entitlements: [Entitlement]) {
        self.catalog = catalog
        self.account = account
        self.eligibleForIntroOffer = eligibleForIntroOffer
        self.subscriptions = subscriptions
        self.entitlements = entitlements
    }
}
