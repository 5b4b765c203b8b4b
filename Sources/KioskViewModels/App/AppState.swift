import PaymentsCore

/// The whole session in one value: a start state and the recorded actions reproduce every
/// screen the customer saw.
public struct AppState: Equatable, Sendable {
    /// Unique per app launch (from the host's random source): prefixes idempotency keys so two
    /// sessions never share one.
    public var sessionID: String
    public var account: Account?
    public var tab: AppTab = .paywall
    public var stack: [AppScreen] = []
    public var paywall: PaywallState
    public var plans: PlanComparisonState
    public var billing: BillingHistoryState
    public var settings: SettingsState
    public var toasts: [Toast] = []
    public var isHelpShown = false
    /// The last store event seen: the change feed's cursor (nil until the first poll finds where the feed ends).
    public var lastEventID: Int64?
    public var isPolling = false
    /// Set while the change feed cannot be read: the status line says so, what is on screen stays,
    /// and polls back off until a read succeeds.
    public var feedTrouble: FeedTrouble?
    public var sessionError: ScreenError?
    /// The session could not be read (the server down, the key refused): the polls try again,
    /// backing off as the feed does, until it is.
    public var sessionTrouble: FeedTrouble?
    /// A read of the session is on its way, so a poll does not start a second.
    public var isLoadingSession = false

    /// Why no screen can load: the session could not be read and nobody is signed in yet, so a
    /// screen saying what is wrong (with retry and quit) takes the place of "Loading…" (issue 41, item 17).
    public var sessionFailure: ScreenError? { account == nil ? sessionError : nil }

    /// What the status line says while the server cannot be reached or refuses the session.
    public var connectionTrouble: FeedTrouble? { feedTrouble ?? sessionTrouble }
    /// The server this storefront is a client of ("http://shop.lan:8080"), said on screen beside
    /// the account; nil for the data directory's own store.
    public var server: String?
    /// Ask-to-buy requests whose checkout was left before the answer came: the polls keep asking
    /// the store, so a decline still reaches the customer as a notice (issue 41, item 21).
    public var askedToBuy: [PendingAction] = []
    /// A read of `askedToBuy` is on its way, so a poll does not start a second.
    public var isCheckingAskedToBuy = false
    /// Notices that come from no store event ("Reconnected…") take ids below zero, counting down,
    /// so they never collide with an event's.
    public var lastNoticeID: Int64 = 0

    /// Checkouts opened in this session: numbers each one, so its idempotency keys are its own
    /// (buying the same product again is a new purchase, not a replay of the last one).
    public var checkoutsOpened = 0

    public init(sessionID: String) {
        self.sessionID = sessionID
        paywall = PaywallState()
        plans = PlanComparisonState(sessionID: sessionID)
        billing = BillingHistoryState()
        settings = SettingsState(sessionID: sessionID)
    }

    /// The screen on top: the stack's last, else the tab's.
    public var checkout: CheckoutState? {
        if case let .checkout(state)? = stack.last { state } else { nil }
    }

    /// The keys of the screen on top, for the help overlay.
    public var helpKeys: [KeyHelp] {
        let screen: [KeyHelp] = if let checkout {
            checkout.helpKeys
        } else {
            switch tab {
            case .paywall: PaywallState.keys
            case .plans: PlanComparisonState.keys
            case .billing: billing.detail != nil ? BillingHistoryState.detailKeys : BillingHistoryState.keys
            case .settings: SettingsState.keys
            }
        }
        return screen + Self.globalKeys
    }

    /// The catalog a loaded screen read, for naming products in notices.
    public var catalog: Catalog? {
        paywall.phase.content?.catalog ?? settings.content?.catalog
    }

    /// Whether back has something to close: help or a screen on the stack.
    public var canGoBack: Bool { isHelpShown || !stack.isEmpty }

    /// The confirmation the screen on top is asking, if any.
    public var confirmation: Confirmation? {
        guard checkout == nil else { return nil }
        switch tab {
        case .plans: return plans.confirmation
        case .settings: return settings.confirmation
        case .billing: return billing.confirmation
        case .paywall: return nil
        }
    }

    public static let globalKeys = [
        KeyHelp("1–4", "Switch tab"), KeyHelp("?", "Show or hide this help"), KeyHelp("Esc/Backspace", "Close what is open"),
        KeyHelp("q", "Quit"),
    ]
}

/// A screen pushed on the navigation stack above the current tab.
public enum AppScreen: Equatable, Sendable {
    case checkout(CheckoutState)
}

public enum AppTab: String, Hashable, Sendable, CaseIterable {
    case paywall, plans, billing, settings

    public var title: String {
        switch self {
        case .paywall: "Store"
        case .plans: "Plans"
        case .billing: "Billing"
        case .settings: "Settings"
        }
    }
}

/// A short notification over the current screen, from the change feed.
public struct Toast: Hashable, Sendable, Identifiable {
    public enum Kind: Hashable, Sendable {
        case purchaseSucceeded, renewalFailed, refundIssued, info
        /// A request the customer made was turned down (an ask-to-buy declined).
        case declined
    }

    /// The store event it came from, so the same event never toasts twice; below zero for a
    /// notice that comes from no event.
    public var id: Int64
    public var kind: Kind
    public var message: String

    public init(id: Int64, kind: Kind, message: String) {
        self.id = id
        self.kind = kind
        self.message = message
    }
}

/// The change feed could not be read: what went wrong, said on the status line until a read
/// succeeds, and how many of the host's polls to let pass before trying again, doubling with
/// each failure so a server that is down is not hammered every two seconds.
public struct FeedTrouble: Hashable, Sendable {
    /// The failure as the screen words it ("Can't reach the server at http://…").
    public var reason: String
    /// Failed reads in a row.
    public var failures: Int
    /// Polls still to skip before the next try.
    public var pollsToSkip: Int

    /// The most polls skipped between tries (with a 2 s poll, about half a minute).
    public static let maximumPollsSkipped = 15

    public init(reason: String, failures: Int) {
        self.reason = reason
        self.failures = failures
        pollsToSkip = min((1 << min(failures - 1, 8)) - 1, Self.maximumPollsSkipped)
    }

    /// The status line's words: the failure, and that the storefront keeps trying.
    public var notice: String { "\(reason) — retrying…" }
}
