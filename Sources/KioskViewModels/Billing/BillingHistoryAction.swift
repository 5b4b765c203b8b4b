import PaymentsCore

public enum BillingHistoryAction: Equatable, Sendable {
    case onAppear
    case retry
    case storeChanged
    case pageLoaded(generation: Int, page: Int, Result<Page<Invoice>, ScreenError>)
    case moveSelection(by: Int)
    case viewportResized(height: Int)
    case filterChanged(InvoiceFilter)
    case openSelected
    case detailLoaded(Result<Invoice, ScreenError>)
    case closeDetail
    case export(ExportFormat, directory: String)
    case exportFinished(Result<ExportReport, ScreenError>)
    case showPaywallTapped
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        case showPaywall
    }
}
