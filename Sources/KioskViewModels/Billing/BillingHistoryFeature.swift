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
        case .exportTapped, .exportPromptOpened, .exportDirectoryChanged, .exportPromptSubmitted, .exportPromptDismissed:
            return reduceExportPrompt(into: &state, action: action)
        case .export, .exportTargetChecked, .confirmTapped, .dismissConfirmation, .exportFinished:
            return reduceExport(into: &state, action: action)
        case .showPaywallTapped:
            return .send(.delegate(.showPaywall))
        case .delegate:
            return .none
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
