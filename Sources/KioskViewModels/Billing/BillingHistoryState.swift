import PaymentsCore

public struct BillingHistoryState: Equatable, Sendable {
    public var account: Account?
    public var filter = InvoiceFilter()
    public var phase: LoadPhase<InvoiceWindow> = .loading
    /// Absolute index of the highlighted invoice.
    public var selection = 0
    /// Absolute index of the first visible row.
    public var scrollTop = 0
    public var viewportHeight: Int
    public var pageSize: Int
    /// The page being fetched, so a scroll does not ask twice.
    public var loadingPage: Int?
    /// The fetch in flight starts the window over (a reload), rather than extending it.
    public var isReloading = false
    /// The part of a move the window could not take yet, applied when the page being fetched in
    /// that direction arrives: a Page Up pressed while the previous page loads is not cut short.
    public var pendingMove = 0
    /// Bumped on every reload so a reply for an old filter is dropped.
    public var generation = 0
    public var detail: LoadPhase<InvoiceDetail>?
    /// "Export to": open from the export key until the folder is accepted or the person leaves.
    public var exportPrompt: ExportPrompt?
    public var isExporting = false
    /// "Exported 120 invoices to /full/path/invoices.csv.", or why not.
    public var exportMessage: String?
    /// "Replace invoices.csv?" while the export's file already exists.
    public var confirmation: Confirmation?
    /// The export waiting for that answer.
    public var pendingExport: ExportRequest?

    public init(account: Account? = nil, viewportHeight: Int = 20, pageSize: Int = 50) {
        self.account = account
        self.viewportHeight = max(1, viewportHeight)
        self.pageSize = max(pageSize, 2 * max(1, viewportHeight))
    }

    public var window: InvoiceWindow? { phase.content }

    /// The rows on screen.
    public var visibleRows: [InvoiceRow] {
        guard let window else { return [] }
        return (scrollTop..<(scrollTop + viewportHeight)).compactMap(window.row)
    }

    public static let keys = [
        KeyHelp("↑/↓", "Move"), KeyHelp("PgUp/PgDn", "Page"), KeyHelp("Home/End", "Newest / oldest invoice"),
        KeyHelp("Enter", "Open invoice"),
        KeyHelp("s", "Filter by status"), KeyHelp("y", "Filter by year"), KeyHelp("e", "Export CSV"),
        KeyHelp("J", "Export JSON"), KeyHelp("Esc", "Back"),
    ]

    /// An open invoice's keys: only closing it (the list's keys do nothing there).
    public static let detailKeys = [KeyHelp("Esc/Enter", "Close the invoice")]
}
