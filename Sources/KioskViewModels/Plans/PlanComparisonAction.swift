import PaymentsCore

public enum PlanComparisonAction: Equatable, Sendable {
    case onAppear
    case retry
    case storeChanged
    case loaded(Result<PlanComparisonData, ScreenError>)
    case togglePeriod
    case selectPlan(planID: String)
    case previewLoaded(Result<PlanChangeSummary, ScreenError>)
    case chooseTapped
    case confirmTapped
    case dismissConfirmation
    case changeFinished(Result<PlanChangeOutcome, ScreenError>)
    case cancelFinished(Result<Subscription, ScreenError>)
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        case checkout(productID: String)
        case planChanged(String)
    }
}
