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
    /// e or J: asks where to write, offering the last folder used (else `defaultDirectory`).
    case exportTapped(ExportFormat, defaultDirectory: String)
    case exportPromptOpened(ExportFormat, defaultDirectory: String, Result<String?, ScreenError>)
    case exportDirectoryChanged(String)
    /// Export to the folder typed in the prompt.
    case exportPromptSubmitted
    case exportPromptDismissed
    case export(ExportFormat, directory: String)
    /// Whether the export's file is already there: if so the person is asked before it is replaced.
    case exportTargetChecked(ExportRequest, Result<Bool, ScreenError>)
    /// Replace the existing file.
    case confirmTapped
    /// Keep the existing file; nothing is written.
    case dismissConfirmation
    case exportFinished(Result<ExportReport, ScreenError>)
    case showPaywallTapped
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        case showPaywall
    }
}
