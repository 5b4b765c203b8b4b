import StorefrontClient
import Testing
import PaymentsCore
@testable import KioskViewModels

extension SettingsState {
    /// What a settings load of `data` puts on screen, for spelling out the expected state after a
    /// reload: `data` is read from the same client the store loads from (`SettingsFeature.fetch`).
    mutating func reload(_ data: SettingsData) {
        accounts = data.accounts
        qa.controls = data.controls
        qa.controlsError = data.qaError
        qa.pendingActions = data.pendingActions
        qa.clock = data.testClock
        qa.vocabulary = data.vocabulary
        qa.webhooks = data.webhooks
        qa.events = PagedList(items: data.events, nextCursor: SettingsFeature.eventCursor(data.events))
        guard let account = data.account else {
            phase = .empty
            ledger = PagedList()
            return
        }
        phase = .loaded(SettingsContent.make(data, account: account))
        ledger = PagedList(items: data.ledger.items, nextCursor: data.ledger.nextCursor)
    }
}

extension ViewModelTestStore where R == SettingsFeature {
    /// Receives the settings load an action ends in, expecting what `client` returns now.
    func receiveReload(_ client: Storefront, sourceLocation: SourceLocation = #_sourceLocation) async {
        let data: SettingsData
        do {
            data = try await SettingsFeature(client, preferences: .defaults).fetch()
        } catch {
            Issue.record(error, "the fixture's settings load failed", sourceLocation: sourceLocation)
            return
        }
        await receive(.loaded(.success(data)), sourceLocation: sourceLocation) { $0.reload(data) }
    }
}
