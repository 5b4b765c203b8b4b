import PaymentsCore
import StorefrontClient

/// The app shell: tabs, the navigation stack, toasts, help and the change feed, delegating each
/// screen's actions to its reducer.
public struct AppFeature: Reducer {
    public let storefront: Storefront
    public let clock: any KioskClock
    public let files: FileExportClient
    public let preferences: PreferencesClient

    public init(storefront: Storefront, clock: any KioskClock, files: FileExportClient,
                preferences: PreferencesClient = .defaults) {
        self.storefront = storefront
        self.clock = clock
        self.files = files
        self.preferences = preferences
    }

    var paywall: PaywallFeature { PaywallFeature(storefront) }
    var plans: PlanComparisonFeature { PlanComparisonFeature(storefront) }
    var billing: BillingHistoryFeature { BillingHistoryFeature(storefront, files: files) }
    var checkout: CheckoutFeature { CheckoutFeature(storefront, clock: clock) }
    var settings: SettingsFeature { SettingsFeature(storefront, preferences: preferences) }

    /// Events read per poll.
    static let feedPageSize = 100

    public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .launched, .sessionLoaded:
            return reduceSession(into: &state, action: action)
        case let .selectTab(tab):
            if tab != state.tab { Self.clearSectionMessages(&state) }
            state.tab = tab
            let left = leaveStack(&state)
            return .merge(left, show(tab, &state))
        case .back:
            // Closes what is open (help, the screen on top); a tab's first screen has nothing to
            // close, and walking back through tabs led one key away from a plan change (issue 41, item 11).
            if state.isHelpShown {
                state.isHelpShown = false
            } else if !state.stack.isEmpty {
                return leaveTop(&state)
            }
            return .none
        case .toggleHelp:
            state.isHelpShown.toggle()
            return .none
        case let .dismissToast(id):
            state.toasts.removeAll { $0.id == id }
            return .none
        case .pollChanges, .askedToBuyChecked, .changesReceived, .feedPositioned:
            return reduceFeed(into: &state, action: action)
        case .paywall, .plans, .billing, .checkout, .settings:
            return reduceScreen(into: &state, action: action)
        }
    }

    /// Who is signed in: read at launch and again after an account change.
    private func reduceSession(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .launched:
            state.isLoadingSession = true
            return .run { [storefront] send in
                await send(.sessionLoaded(await capture { try await storefront.accounts.signedInAccount() }))
            }
        case let .sessionLoaded(.success(account)):
            if state.sessionTrouble != nil, state.account != nil { reconnected(&state) }
            state.account = account
            state.sessionError = nil
            state.sessionTrouble = nil
            state.isLoadingSession = false
            state.paywall.account = account
            state.plans.account = account
            state.billing.account = account
            return .merge(show(state.tab, &state), .send(.pollChanges))
        case let .sessionLoaded(.failure(error)):
            state.sessionError = error
            state.isLoadingSession = false
            state.sessionTrouble = FeedTrouble(reason: error.message, failures: (state.sessionTrouble?.failures ?? 0) + 1)
            return .none
        default:
            return .none
        }
    }

    /// The poll of the change feed and of ask-to-buy requests, and what the answers change.
    private func reduceFeed(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .pollChanges where state.sessionTrouble != nil:
            // The session could not be read (at start, or again after an account change): the
            // screens wait for it, so try it again rather than the feed.
            guard !state.isLoadingSession else { return .none }
            if let trouble = state.sessionTrouble, trouble.pollsToSkip > 0 {
                state.sessionTrouble?.pollsToSkip -= 1
                return .none
            }
            return .send(.launched)
        case .pollChanges:
            // The waiting checkout asks the store itself (Apple answers the app, not the merchant),
            // except while the feed is backing off from a server that does not answer.
            let backingOff = (state.feedTrouble?.pollsToSkip ?? 0) > 0
            let panelOpen = state.tab == .settings && state.stack.isEmpty && !backingOff
            return .merge(backingOff ? .none : checkPendingApproval(state), backingOff ? .none : checkAskedToBuy(&state),
                          readFeed(&state), panelOpen ? .send(.settings(.rereadControls)) : .none)
        case let .askedToBuyChecked(answers):
            state.isCheckingAskedToBuy = false
            let catalog = state.catalog
            for request in state.askedToBuy {
                guard let answer = answers[request.id], answer != .waiting else { continue }
                state.askedToBuy.removeAll { $0.id == request.id }
                // An approval arrives on the feed as the purchase (and its notice); a decline
                // comes on no feed, so it is said here.
                let what = request.productID.map { ProductWording.name($0, in: catalog) } ?? "it"
                switch answer {
                case .declined?: notice(&state, "Your request to buy \(what) was declined.", kind: .declined)
                case nil: notice(&state, "Your request to buy \(what) is no longer waiting.", kind: .declined)
                case .approved?, .waiting?: break
                }
            }
            return .none
        case let .changesReceived(.failure(error)), let .feedPositioned(.failure(error)):
            // The screens keep what they show; only the status line changes until the feed answers.
            state.isPolling = false
            state.feedTrouble = FeedTrouble(reason: error.message, failures: (state.feedTrouble?.failures ?? 0) + 1)
            return .none
        case let .feedPositioned(.success(position)):
            state.isPolling = false
            let recovered = state.feedTrouble != nil
            state.feedTrouble = nil
            if recovered { reconnected(&state) }
            state.lastEventID = position
            // Back in touch: a screen that failed while the server was away loads again.
            return recovered ? storeChanged(&state) : .none
        case let .changesReceived(.success(events)):
            state.isPolling = false
            let recovered = state.feedTrouble != nil
            state.feedTrouble = nil
            if recovered { reconnected(&state) }
            guard let last = events.last else { return recovered ? storeChanged(&state) : .none }
            state.lastEventID = last.id
            state.toasts += events.compactMap { Self.toast($0, catalog: state.catalog) }
            return storeChanged(&state)
        default:
            return .none
        }
    }

    /// A screen's action: its delegate's requests are the shell's, the rest its own reducer's.
    private func reduceScreen(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case let .paywall(.delegate(delegate)):
            switch delegate {
            case let .checkout(productID): return push(productID, &state)
            case let .changePlan(productID):
                if case let .subscription(plan, product)? = state.paywall.phase.content?.catalog.product(id: productID) {
                    state.plans.selectedPlanID = plan.id
                    state.plans.period = BillingPeriod.allCases.first { $0.matches(product.period) } ?? state.plans.period
                }
                return .send(.selectTab(.plans))
            case .close: return .send(.selectTab(.billing))
            }
        case let .paywall(action):
            return paywall.reduce(into: &state.paywall, action: action).map(AppAction.paywall)
        case let .plans(.delegate(.checkout(productID))):
            return push(productID, &state)
        case let .plans(action):
            return plans.reduce(into: &state.plans, action: action).map(AppAction.plans)
        case .billing(.delegate(.showPaywall)):
            return .send(.selectTab(.paywall))
        case let .billing(action):
            return billing.reduce(into: &state.billing, action: action).map(AppAction.billing)
        case .checkout(.delegate(.close)):
            return leaveTop(&state)
        case .checkout(.delegate(.finished)):
            return .merge(leaveTop(&state), .send(.pollChanges))
        case .settings(.delegate(.changePlan)):
            return .send(.selectTab(.plans))
        case .settings(.delegate(.accountChanged)):
            // Every screen holds the account it loaded for: read the session again.
            return .send(.launched)
        case let .settings(action):
            return settings.reduce(into: &state.settings, action: action).map(AppAction.settings)
        case let .checkout(action):
            guard var checkoutState = state.checkout else { return .none }
            let effect = checkout.reduce(into: &checkoutState, action: action)
            state.stack[state.stack.count - 1] = .checkout(checkoutState)
            return effect.map(AppAction.checkout)
        default:
            return .none
        }
    }


    private func readFeed(_ state: inout AppState) -> Effect<AppAction> {
        guard !state.isPolling else { return .none }
        if let trouble = state.feedTrouble, trouble.pollsToSkip > 0 {
            state.feedTrouble?.pollsToSkip -= 1
            return .none
        }
        state.isPolling = true
        let accountID = state.account?.id
        guard let after = state.lastEventID else {
            return .run { [storefront] send in
                await send(.feedPositioned(await capture { try await storefront.feed.feedPosition(accountID) }))
            }
        }
        return .run { [storefront] send in
            await send(.changesReceived(await capture {
                var events: [StoreEvent] = []
                var cursor = after
                while true {
                    let page = try await storefront.feed.events(accountID, cursor, Self.feedPageSize)
                    events += page
                    guard page.count == Self.feedPageSize, let last = page.last else { break }
                    cursor = last.id
                }
                return events
            }))
        }
    }

    private func push(_ productID: String, _ state: inout AppState) -> Effect<AppAction> {
        state.checkoutsOpened += 1
        state.stack.append(.checkout(CheckoutState(sessionID: "\(state.sessionID).\(state.checkoutsOpened)", productID: productID,
                                                   account: state.account)))
        return .send(.checkout(.onAppear))
    }

    /// Pops the screen on top; a checkout popped stops what it still waits for, except an
    /// ask-to-buy request, whose answer the polls go on asking for.
    private func leaveTop(_ state: inout AppState) -> Effect<AppAction> {
        switch state.stack.removeLast() {
        case let .checkout(checkout):
            if case let .pendingApproval(pending) = checkout.status, !state.askedToBuy.contains(where: { $0.id == pending.id }) {
                state.askedToBuy.append(pending)
            }
            return CheckoutFeature.leave(checkout).map(AppAction.checkout)
        }
    }

    private func checkAskedToBuy(_ state: inout AppState) -> Effect<AppAction> {
        guard !state.askedToBuy.isEmpty, !state.isCheckingAskedToBuy else { return .none }
        state.isCheckingAskedToBuy = true
        return .run { [storefront, requests = state.askedToBuy] send in
            var answers: [String: PendingPurchaseStatus?] = [:]
            for request in requests {
                switch await capture({ try await storefront.purchases.storePurchaseStatus(request.id, request.accountID) }) {
                case let .success(status): answers[request.id] = .some(status)
                case let .failure(error) where error.paymentsError == .pendingActionNotFound(request.id): answers[request.id] = .some(nil)
                case .failure: break
                }
            }
            await send(.askedToBuyChecked(answers))
        }
    }

    /// The server answers again after a spell of trouble: said once, so the person knows what is
    /// on screen is current again (issue 41, item 21).
    private func reconnected(_ state: inout AppState) {
        notice(&state, state.server.map { "Reconnected to \($0)." } ?? "Reconnected to the store.", kind: .info)
    }

    private func notice(_ state: inout AppState, _ message: String, kind: Toast.Kind) {
        state.lastNoticeID -= 1
        state.toasts.append(Toast(id: state.lastNoticeID, kind: kind, message: message))
    }

    private func leaveStack(_ state: inout AppState) -> Effect<AppAction> {
        var effects: [Effect<AppAction>] = []
        while !state.stack.isEmpty { effects.append(leaveTop(&state)) }
        return .merge(effects)
    }

    private func show(_ tab: AppTab, _ state: inout AppState) -> Effect<AppAction> {
        switch tab {
        case .paywall: .send(.paywall(.onAppear))
        case .plans: .send(.plans(.onAppear))
        case .billing: .send(.billing(.onAppear))
        case .settings: .send(.settings(.onAppear))
        }
    }

    /// Every screen reloads on a change; a checkout waiting for an ask-to-buy answer asks the
    /// store at once (an approval shows on the feed as the purchase).
    private func storeChanged(_ state: inout AppState) -> Effect<AppAction> {
        var effects: [Effect<AppAction>] = []
        if state.paywall.phase != .loading { effects.append(.send(.paywall(.storeChanged))) }
        if state.plans.phase != .loading { effects.append(.send(.plans(.storeChanged))) }
        if state.billing.phase != .loading { effects.append(.send(.billing(.storeChanged))) }
        if state.settings.phase != .loading { effects.append(.send(.settings(.storeChanged))) }
        effects.append(checkPendingApproval(state))
        return .merge(effects)
    }

    private func checkPendingApproval(_ state: AppState) -> Effect<AppAction> {
        guard case .pendingApproval? = state.checkout?.status else { return .none }
        return .send(.checkout(.checkPendingApproval))
    }

    /// Messages said on a screen about what was just done there ("Plan changed.", "Exported 5
    /// invoices") end when the person leaves it, so they never head an unrelated screen later.
    static func clearSectionMessages(_ state: inout AppState) {
        state.plans.message = nil
        state.settings.message = nil
        state.billing.exportMessage = nil
    }

    /// A notice for news from the feed; a purchase names what was bought, since it may have
    /// been made elsewhere (an approved ask-to-buy, another terminal) and shows on any tab.
    static func toast(_ event: StoreEvent, catalog: Catalog?) -> Toast? {
        switch event.type {
        case .purchaseCompleted:
            Toast(id: event.id, kind: .purchaseSucceeded,
                  message: event.productID.map { "Bought \(ProductWording.name($0, in: catalog))." } ?? "Purchase succeeded.")
        case .renewalFailed:
            Toast(id: event.id, kind: .renewalFailed, message: "Your renewal failed. Update your payment method.")
        case .refunded:
            Toast(id: event.id, kind: .refundIssued, message: "Refund issued.")
        default:
            nil
        }
    }
}
