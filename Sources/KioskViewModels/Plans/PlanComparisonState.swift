import PaymentsCore

public struct PlanComparisonState: Equatable, Sendable {
    public var sessionID: String
    public var account: Account?
    public var phase: LoadPhase<PlanComparisonContent> = .loading
    public var period: BillingPeriod = .monthly
    public var selectedPlanID: String?
    /// The proration preview of the selected column, while it loads and once it has.
    public var preview: LoadPhase<PlanChangeSummary>?
    public var confirmation: Confirmation?
    public var isChanging = false
    /// The outcome of the last change, or why it failed.
    public var message: String?
    /// Numbers plan changes in this session, so each gets its own idempotency key.
    public var changeAttempt = 0
    var data: PlanComparisonData?

    public init(sessionID: String, account: Account? = nil) {
        self.sessionID = sessionID
        self.account = account
    }

    public var selectedColumn: PlanColumn? {
        phase.content?.columns.first { $0.planID == selectedPlanID }
    }

    public static let keys = [
        KeyHelp("←/→", "Choose a plan"), KeyHelp("m", "Switch monthly / yearly"),
        KeyHelp("Enter", "Choose the selected plan"), KeyHelp("Esc", "Back"),
    ]
}

public struct PlanComparisonData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var subscription: Subscription?
    /// Access right now: decides which plan is current (a pass can make it Pro without a subscription).
    public var entitlements: [Entitlement]

    public init(catalog: Catalog, account: Account, subscription: Subscription?, entitlements: [Entitlement] = []) {
        self.catalog = catalog
        self.account = account
        self.subscription = subscription
        self.entitlements = entitlements
    }
}
