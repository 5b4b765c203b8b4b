import Foundation
import PaymentsCore
import StorefrontClient

/// The account manager: account, subscription, payment methods, usage, wallet, accounts,
/// preferences and the QA panel. Every call goes through a storefront client in an effect; after each
/// change the screen reloads, so it always shows what the core holds.
public struct SettingsFeature: Reducer {
    public let accounts: AccountsClient
    public let purchases: PurchasesClient
    public let plans: PlansClient
    public let wallet: WalletClient
    public let billing: BillingClient
    public let feed: FeedClient
    public let testControls: TestControlsClient
    public let preferences: PreferencesClient

    public init(_ storefront: Storefront, preferences: PreferencesClient) {
        accounts = storefront.accounts
        purchases = storefront.purchases
        plans = storefront.plans
        wallet = storefront.wallet
        billing = storefront.billing
        feed = storefront.feed
        testControls = storefront.testControls
        self.preferences = preferences
    }

    /// Points ledger entries per page.
    static let ledgerPageSize = 20

    public func reduce(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .onAppear:
            state.phase = .loading
            return .merge(load(), .run { [preferences] send in
                await send(.preferencesLoaded(await capture { try await preferences.load() }))
            })
        case .retry:
            state.phase = .loading
            return load()
        case .storeChanged:
            return state.phase.isLoading || state.isWorking ? .none : load()
        case let .loaded(.success(data)):
            apply(data, to: &state)
            return .none
        case let .loaded(.failure(error)):
            state.phase = .failed(error)
            return .none
        case let .selectSection(section):
            // A message belongs to the section it was said in ("Refunded $49.99" is about the
            // subscription, not the wallet): leaving the section ends it.
            if section != state.section { state.message = nil }
            let isOpeningQA = section == .qa && state.section != .qa
            state.section = section
            // Store controls changed from the command line (`kiosk store controls`) reach no
            // change feed: opening the QA panel reads them again.
            return isOpeningQA && !state.phase.isLoading && !state.isWorking ? load() : .none

        case .cancelTapped, .surveyReasonSelected, .confirmCancelTapped, .dismissSurvey, .cancelFinished, .resumeTapped,
             .resumeFinished, .changePlanTapped, .undoScheduledChangeTapped, .undoScheduledChangeFinished,
             .updatePaymentMethodTapped, .refundTapped, .refundFinished, .restoreTapped,
             .restoreFinished, .confirmTapped, .dismissConfirmation:
            return reduceManage(into: &state, action: action)

        case .addCardTapped, .cardNumberChanged, .cardExpiryChanged, .cardCVCChanged, .cardNameChanged,
             .cardPostalCodeChanged, .saveCardTapped, .closeCardForm, .cardSaved, .removeCardTapped, .cardRemoved,
             .setDefaultTapped, .defaultSet:
            return reducePaymentMethods(into: &state, action: action)

        case .loadMoreLedger, .ledgerLoaded:
            return reduceLedger(into: &state, action: action)

        case .switchAccount, .signedIn, .createAccountTapped, .newAccountNameChanged, .newAccountEmailChanged,
             .submitNewAccount, .closeNewAccount, .accountCreated, .signOutTapped, .signedOut:
            return reduceAccounts(into: &state, action: action)

        case .preferencesLoaded, .themeSelected, .colourModeSelected, .reducedMotionToggled, .preferencesSaved:
            return reducePreferences(into: &state, action: action)

        case .durationChanged, .advanceClockTapped, .clockAdvanced, .attachClockTapped, .clockAttached, .detachClockTapped,
             .clockDetached:
            return reduceTestClock(into: &state, action: action)
        case .toggleSwitch, .setCounter, .backendUnreachableUntil,
             .armFault, .disarmFault, .clearFaults, .controlsUpdated, .rereadControls, .controlsReread,
             .approvePending, .declinePending, .pendingResolved,
             .loadMoreEvents, .eventsLoaded, .replayWebhookTapped, .duplicateWebhookTapped, .webhookActionFinished:
            return reduceQA(into: &state, action: action)

        case .delegate:
            return .none
        }
    }

    /// The points ledger, a page at a time.
    private func reduceLedger(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .loadMoreLedger:
            guard let accountID = state.content?.account.customerID, let cursor = state.ledger.nextCursor,
                  !state.ledger.isLoadingMore else { return .none }
            state.ledger.isLoadingMore = true
            state.ledger.error = nil
            return .run { send in
                await send(.ledgerLoaded(await capture { try await billing.pointsLedger(accountID, cursor, Self.ledgerPageSize) }))
            }
        case let .ledgerLoaded(result):
            guard state.ledger.isLoadingMore else { return .none }
            state.ledger.isLoadingMore = false
            switch result {
            case let .success(page):
                state.ledger.items += page.items
                state.ledger.nextCursor = page.nextCursor
            case let .failure(error):
                state.ledger.error = error
            }
        default:
            break
        }
        return .none
    }

    /// Theme, colour mode and motion, kept by the preferences client.
    private func reducePreferences(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case let .preferencesLoaded(.success(loaded)):
            state.preferences = loaded
        case let .preferencesLoaded(.failure(error)):
            state.message = "Preferences could not be read: \(error.message)"
        case let .themeSelected(theme):
            state.preferences.theme = theme
            return save(state.preferences)
        case let .colourModeSelected(mode):
            state.preferences.colourMode = mode
            return save(state.preferences)
        case .reducedMotionToggled:
            state.preferences.reducedMotion.toggle()
            return save(state.preferences)
        case let .preferencesSaved(.failure(error)):
            state.message = "Preferences could not be saved: \(error.message)"
        default:
            break
        }
        return .none
    }

    private func apply(_ data: SettingsData, to state: inout SettingsState) {
        state.accounts = data.accounts
        state.qa.controls = data.controls
        state.qa.controlsError = data.qaError
        state.qa.pendingActions = data.pendingActions
        state.qa.clock = data.testClock
        state.qa.vocabulary = data.vocabulary
        state.qa.webhooks = data.webhooks
        state.qa.events = PagedList(items: data.events, nextCursor: Self.eventCursor(data.events))
        guard let account = data.account else {
            state.phase = .empty
            state.ledger = PagedList()
            return
        }
        state.phase = .loaded(SettingsContent.make(data, account: account))
        state.ledger = PagedList(items: data.ledger.items, nextCursor: data.ledger.nextCursor)
    }

    /// The event log's next cursor: a full page may have more after it.
    static func eventCursor(_ events: [StoreEvent]) -> Int64? {
        events.count == QAPanelState.eventPageSize ? events.last?.id : nil
    }

    private func save(_ preferences: Preferences) -> Effect<SettingsAction> {
        .run { [store = self.preferences] send in
            await send(.preferencesSaved(await capture {
                try await store.save(preferences)
                return preferences
            }))
        }
    }

    func load() -> Effect<SettingsAction> {
        .run { send in
            await send(.loaded(await capture { try await fetch() }))
        }
    }

    func fetch() async throws -> SettingsData {
        let account = try await accounts.signedInAccount()
        async let allAccounts = accounts.accounts()
        // The QA panel's test-control reads may be refused on their own (a storefront on a server
        // without the admin key): the panel says why and the rest of Settings still loads.
        async let testControl = capture {
            try await (testControls.storeControls(), testControls.pendingActions(nil), testControls.webhookDeliveries())
        }
        async let events = feed.events(account?.id, nil, QAPanelState.eventPageSize)
        var data = try await SettingsData(account: account, accounts: allAccounts, catalog: nil, controls: nil,
                                          pendingActions: [], events: events)
        switch await testControl {
        case let .success((controls, pending, webhooks)):
            data.controls = controls
            data.pendingActions = pending
            data.webhooks = webhooks
        case let .failure(error):
            data.qaError = error
        }
        guard let account else { return data }
        async let catalog = accounts.catalog()
        async let subscriptions = plans.subscriptions(account.id)
        async let entitlements = plans.entitlements(account.id)
        async let methods = wallet.paymentMethods(account.id)
        async let usage = billing.usage(account.id)
        async let invoices = billing.invoices(account.id, InvoiceQuery(status: .paid, limit: 10))
        async let ledger = billing.pointsLedger(account.id, nil, Self.ledgerPageSize)
        async let now = accounts.now(account.id)
        data.catalog = try await catalog
        data.subscriptions = try await subscriptions
        data.entitlements = try await entitlements
        data.paymentMethods = try await methods
        data.usage = try await usage
        data.latestPaidInvoice = try await invoices.items.first { $0.kind != .refund && $0.total.minorUnits > 0 }
        data.ledger = try await ledger
        data.now = try await now
        if let current = data.subscriptions.first(where: \.isActive), current.state == .subscribed,
           let pending = current.pendingProductID {
            data.scheduledChange = try await plans.previewPlanChange(current.id, pending)
        }
        guard data.qaError == nil else { return data }
        if let clockID = account.testClockID { data.testClock = try await testControls.testClock(clockID) }
        if let current = data.subscriptions.first(where: \.isActive) ?? data.subscriptions.first {
            switch await capture({ try await plans.statusVocabulary(current.id) }) {
            case let .success(vocabulary): data.vocabulary = vocabulary
            case let .failure(error): data.qaError = error
            }
        }
        return data
    }
}
