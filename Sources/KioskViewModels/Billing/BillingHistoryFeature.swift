import Foundation
import PaymentsCore
import StorefrontClient

public struct BillingHistoryFeature: Reducer {
    public let accounts: AccountsClient
    public let billing: BillingClient
    public let files: FileExportClient

    public init(_ storefront: Storefront, files: FileExportClient) {
        self.accounts = storefront.accounts
        self.billing = storefront.billing
        self.files = files
    }

    public func reduce(into state: inout BillingHistoryState, action: BillingHistoryAction) -> Effect<BillingHistoryAction> {
        switch action {
        case .onAppear, .retry:
            state.phase = .loading
            return reload(&state)
        case .storeChanged:
            // "Exported 5 invoices" stops being true once a sixth arrives.
            state.exportMessage = nil
            return state.phase.isLoading ? .none : reload(&state)
        case let .pageLoaded(generation, page, result):
            guard generation == state.generation, page == state.loadingPage else { return .none }
            state.loadingPage = nil
            let isReload = state.isReloading
            state.isReloading = false
            switch result {
            case let .failure(error):
                state.pendingMove = 0
                state.phase = .failed(error)
                return .none
            case let .success(loaded):
                var window = isReload ? InvoiceWindow(pageSize: state.pageSize) : state.window ?? InvoiceWindow(pageSize: state.pageSize)
                window.insert(page: page, rows: loaded.items.map(InvoiceRow.init), nextCursor: loaded.nextCursor)
                if window.rows.isEmpty && page == 0 {
                    state.phase = .empty
                    return .none
                }
                state.phase = .loaded(window)
                state.selection += state.pendingMove
                state.pendingMove = 0
                return move(&state)
            }
        case let .moveSelection(delta):
            guard state.window != nil else { return .none }
            state.selection += delta
            return move(&state)
        case let .viewportResized(height):
            state.viewportHeight = max(1, min(height, state.pageSize / 2))
            clampSelection(&state)
            return .none
        case let .filterChanged(filter):
            state.filter = filter
            state.phase = .loading
            return reload(&state)
        case .openSelected:
            guard let row = state.window?.row(at: state.selection) else { return .none }
            state.detail = .loading
            return .run { send in
                await send(.detailLoaded(await capture { try await billing.invoice(row.id) }))
            }
        case let .detailLoaded(result):
            guard state.detail != nil else { return .none }
            state.detail = switch result {
            case let .success(invoice): .loaded(InvoiceDetail(invoice))
            case let .failure(error): .failed(error)
            }
            return .none
        case .closeDetail:
            state.detail = nil
            return .none
        case let .exportTapped(format, defaultDirectory):
            guard state.account?.id != nil, !state.isExporting, state.confirmation == nil, state.exportPrompt == nil else {
                return .none
            }
            return .run { [files] send in
                await send(.exportPromptOpened(format, defaultDirectory: defaultDirectory,
                                               await capture { try await files.lastDirectory() }))
            }
        case let .exportPromptOpened(format, defaultDirectory, result):
            guard state.exportPrompt == nil, state.confirmation == nil else { return .none }
            switch result {
            case let .success(last):
                state.exportMessage = nil
                state.exportPrompt = ExportPrompt(format: format, directory: last ?? defaultDirectory)
            case let .failure(error):
                // A session that may not write here (over SSH) says why at once.
                state.exportMessage = "Export failed: \(error.message)"
            }
            return .none
        case let .exportDirectoryChanged(text):
            guard state.exportPrompt != nil, !state.isExporting else { return .none }
            state.exportPrompt?.directory = text
            state.exportPrompt?.problem = nil
            return .none
        case .exportPromptSubmitted:
            guard let prompt = state.exportPrompt, !state.isExporting else { return .none }
            let directory = prompt.directory.trimmingCharacters(in: .whitespaces)
            guard !directory.isEmpty else {
                state.exportPrompt?.problem = "Type the folder to write \(prompt.fileName) in."
                return .none
            }
            return reduce(into: &state, action: .export(prompt.format, directory: directory))
        case .exportPromptDismissed:
            guard !state.isExporting else { return .none }
            state.exportPrompt = nil
            return .none
        case let .export(format, directory):
            guard state.account?.id != nil, !state.isExporting, state.confirmation == nil else { return .none }
            state.isExporting = true
            state.exportMessage = nil
            let request = ExportRequest(format: format, directory: directory)
            return .run { [files] send in
                await send(.exportTargetChecked(request, await capture { try await files.exists(directory, request.fileName) }))
            }
        case let .exportTargetChecked(request, .success(true)):
            state.isExporting = false
            state.exportPrompt = nil
            state.confirmation = Confirmation(
                title: "Replace \(request.fileName)?",
                message: "\(request.fileName) already exists in \(request.directory). Exporting replaces it with the invoices "
                    + "as they are now.",
                confirmTitle: "Replace")
            state.pendingExport = request
            return .none
        case let .exportTargetChecked(request, .success(false)):
            state.exportPrompt = nil
            return write(request, &state)
        case let .exportTargetChecked(_, .failure(error)):
            state.isExporting = false
            if state.exportPrompt != nil {
                // The folder does not exist or cannot be written: say so where it was typed.
                state.exportPrompt?.problem = error.message
            } else {
                state.exportMessage = "Export failed: \(error.message)"
            }
            return .none
        case .confirmTapped:
            guard let request = state.pendingExport else { return .none }
            state.confirmation = nil
            state.pendingExport = nil
            state.isExporting = true
            return write(request, &state)
        case .dismissConfirmation:
            guard let request = state.pendingExport else { return .none }
            state.confirmation = nil
            state.pendingExport = nil
            state.exportMessage = "Export cancelled; \(request.fileName) was left as it was."
            return .none
        case let .exportFinished(result):
            state.isExporting = false
            state.exportMessage = switch result {
            case let .success(report):
                "Exported \(CountWording.of(report.count, "invoice")) to \(report.path)."
                    + (report.folderNotRemembered.map { " The folder could not be kept for next time: \($0)" } ?? "")
            case let .failure(error): "Export failed: \(error.message)"
            }
            return .none
        case .showPaywallTapped:
            return .send(.delegate(.showPaywall))
        case .delegate:
            return .none
        }
    }

    /// Fetches every invoice the filter shows and writes them; the file was checked (or the
    /// person agreed to replace it) before this runs.
    private func write(_ request: ExportRequest, _ state: inout BillingHistoryState) -> Effect<BillingHistoryAction> {
        guard let accountID = state.account?.id else {
            state.isExporting = false
            return .none
        }
        let filter = state.filter
        return .run { [files] send in
            await send(.exportFinished(await capture {
                var invoices: [Invoice] = []
                var cursor: String?
                repeat {
                    let page = try await billing.invoices(accountID, InvoiceQuery(status: filter.status, year: filter.year,
                                                                                 cursor: cursor, limit: 500))
                    invoices += page.items
                    cursor = page.nextCursor
                } while cursor != nil
                let data = try InvoiceExport.data(invoices, format: request.format)
                let path = try await files.write(request.directory, request.fileName, data)
                var report = ExportReport(path: path, count: invoices.count)
                do {
                    try await files.rememberDirectory(request.directory)
                } catch {
                    report.folderNotRemembered = ScreenError(error).message
                }
                return report
            }))
        }
    }

    /// Keeps the selection inside the window, fetches the page it is heading for, and keeps what
    /// the window cut off for when that page arrives.
    private func move(_ state: inout BillingHistoryState) -> Effect<BillingHistoryAction> {
        let target = state.selection
        clampSelection(&state)
        let effect = prefetch(&state)
        if let window = state.window, let loading = state.loadingPage, !state.isReloading,
           (target < state.selection && loading < window.firstPage) || (target > state.selection && loading > window.lastPage) {
            state.pendingMove = target - state.selection
        }
        return effect
    }

    /// Keeps the selection inside what is loaded and on screen.
    private func clampSelection(_ state: inout BillingHistoryState) {
        guard let window = state.window else { return }
        state.selection = min(max(state.selection, window.startIndex), max(window.endIndex - 1, window.startIndex))
        if state.selection < state.scrollTop { state.scrollTop = state.selection }
        if state.selection >= state.scrollTop + state.viewportHeight {
            state.scrollTop = state.selection - state.viewportHeight + 1
        }
    }

    /// Fetches the next page when the selection nears the end of the window, the previous one
    /// when it nears the start.
    private func prefetch(_ state: inout BillingHistoryState) -> Effect<BillingHistoryAction> {
        guard let window = state.window, state.loadingPage == nil else { return .none }
        if state.selection >= window.endIndex - state.viewportHeight, !window.isAtEnd,
           window.pageStarts.count > window.lastPage + 1 {
            return fetch(&state, page: window.lastPage + 1, cursor: window.pageStarts[window.lastPage + 1])
        }
        if state.selection < window.startIndex + state.viewportHeight, window.firstPage > 0 {
            return fetch(&state, page: window.firstPage - 1, cursor: window.pageStarts[window.firstPage - 1])
        }
        return .none
    }

    private func reload(_ state: inout BillingHistoryState) -> Effect<BillingHistoryAction> {
        state.generation += 1
        state.selection = 0
        state.scrollTop = 0
        state.pendingMove = 0
        state.isReloading = true
        return fetch(&state, page: 0, cursor: nil)
    }

    private func fetch(_ state: inout BillingHistoryState, page: Int, cursor: String?) -> Effect<BillingHistoryAction> {
        state.loadingPage = page
        let known = state.account
        let (generation, filter, limit) = (state.generation, state.filter, state.pageSize)
        return .run { send in
            let result = await capture {
                guard let account = try await PaywallFeature.account(known, accounts: accounts) else { throw PaymentsError.notSignedIn }
                return try await billing.invoices(account.id, InvoiceQuery(status: filter.status, year: filter.year,
                                                                          cursor: cursor, limit: limit))
            }
            await send(.pageLoaded(generation: generation, page: page, result))
        }
    }
}
