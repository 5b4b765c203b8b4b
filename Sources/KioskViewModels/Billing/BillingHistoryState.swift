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

public struct InvoiceFilter: Hashable, Sendable {
    public var status: InvoiceStatus?
    public var year: Int?

    public init(status: InvoiceStatus? = nil, year: Int? = nil) {
        self.status = status
        self.year = year
    }
}

/// "Export to": the folder an export is written in, asked each time (issue 41, item 15).
/// Prefilled with the last folder an export from this data directory went to, else the
/// current directory; a folder that cannot take the file is said here and nothing is written.
public struct ExportPrompt: Hashable, Sendable {
    public var format: ExportFormat
    /// The folder as typed.
    public var directory: String
    /// Why the last folder tried cannot take the export ("/tmp/nope does not exist.").
    public var problem: String?

    public init(format: ExportFormat, directory: String, problem: String? = nil) {
        self.format = format
        self.directory = directory
        self.problem = problem
    }

    public var fileName: String { ExportRequest(format: format, directory: directory).fileName }
}

/// An export the person asked for, kept while the screen asks whether to replace the file
/// already there, so answering yes writes exactly what was asked.
public struct ExportRequest: Hashable, Sendable {
    public var format: ExportFormat
    public var directory: String

    public init(format: ExportFormat, directory: String) {
        self.format = format
        self.directory = directory
    }

    /// "invoices.csv": one name per format, so a second export of the same kind replaces the first.
    public var fileName: String { "invoices.\(format.fileExtension)" }
}

public struct ExportReport: Hashable, Sendable {
    public var path: String
    public var count: Int
    /// Why the folder could not be kept as the next export's default (the export itself was written).
    public var folderNotRemembered: String?

    public init(path: String, count: Int, folderNotRemembered: String? = nil) {
        self.path = path
        self.count = count
        self.folderNotRemembered = folderNotRemembered
    }
}
