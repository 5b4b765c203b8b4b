import Foundation
import PaymentsCore

extension BillingHistoryFeature {
    /// The prompt that asks which folder an export is written to, offering the last one used.
    func reduceExportPrompt(into state: inout BillingHistoryState, action: BillingHistoryAction) -> Effect<BillingHistoryAction> {
        switch action {
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
        case let .exportDirectoryChanged(text):
            guard state.exportPrompt != nil, !state.isExporting else { return .none }
            state.exportPrompt?.directory = text
            state.exportPrompt?.problem = nil
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
        default:
            break
        }
        return .none
    }

    /// Writing the export: a file already there is replaced only when the person agrees.
    func reduceExport(into state: inout BillingHistoryState, action: BillingHistoryAction) -> Effect<BillingHistoryAction> {
        switch action {
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
        case let .exportFinished(result):
            state.isExporting = false
            state.exportMessage = switch result {
            case let .success(report):
                "Exported \(CountWording.of(report.count, "invoice")) to \(report.path)."
                    + (report.folderNotRemembered.map { " The folder could not be kept for next time: \($0)" } ?? "")
            case let .failure(error): "Export failed: \(error.message)"
            }
        default:
            break
        }
        return .none
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
}
