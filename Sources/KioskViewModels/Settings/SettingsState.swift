import Foundation
import PaymentsCore

public struct SettingsState: Equatable, Sendable {
    /// Prefixes idempotency keys, as in the other screens.
    public var sessionID: String
    public var section: SettingsSection = .account
    /// `.empty` when nobody is signed in: the screen offers the accounts to sign in to.
    public var phase: LoadPhase<SettingsContent> = .loading
    public var accounts: [Account] = []
    public var ledger = PagedList<PointsEntry, String>()
    public var preferences = Preferences()
    public var qa = QAPanelState()

    /// The exit survey, while the customer is cancelling.
    public var survey: CancellationSurvey?
    public var confirmation: Confirmation?
    public var pendingConfirmation: SettingsConfirmation?
    /// A subscription, refund, restore, card or account call is running; further taps wait.
    public var isWorking = false
    /// The outcome of the last action, or why it failed.
    public var message: String?
    /// What the last restore gave back, one line per item.
    public var restoredLines: [String]?
    /// The add-card form, while open.
    public var cardForm: CardFormState?
    /// The create-account form, while open.
    public var newAccount: NewAccountForm?
    /// Numbers refunds in this session, so each gets its own idempotency key.
    public var refundAttempt = 0

    public init(sessionID: String) {
        self.sessionID = sessionID
    }

    public var content: SettingsContent? { phase.content }

    public static let keys = [
        KeyHelp("↑/↓", "Choose a section"), KeyHelp("c", "Cancel subscription"), KeyHelp("u", "Resume subscription"),
        KeyHelp("p", "Change plan"), KeyHelp("x", "Undo a scheduled plan change"), KeyHelp("f", "Request a refund"), KeyHelp("r", "Restore purchases"),
        KeyHelp("a", "Add a card"), KeyHelp("Enter", "Confirm"), KeyHelp("Space", "Switch a checkbox or pick a choice"),
        KeyHelp("i", "QA: go to the pending actions"), KeyHelp("y/n", "QA: approve / decline the focused pending action"),
        KeyHelp("Esc", "Back"),
    ]
}

/// The parts of the account manager, in the order the screen lists them.
public enum SettingsSection: String, Hashable, Sendable, CaseIterable {
    case account, subscription, paymentMethods, usage, wallet, accounts, preferences, qa

    public var title: String {
        switch self {
        case .account: "Account"
        case .subscription: "Subscription"
        case .paymentMethods: "Payment methods"
        case .usage: "Usage"
        case .wallet: "Points wallet"
        case .accounts: "Accounts"
        case .preferences: "Preferences"
        case .qa: "QA panel"
        }
    }
}

/// What the confirmation on screen will do when confirmed.
public enum SettingsConfirmation: Hashable, Sendable {
    case refund(invoiceID: String)
    case removeCard(paymentMethodID: String)
    case signOut
}

/// The "create account" form.
public struct NewAccountForm: Hashable, Sendable {
    public var name = ""
    public var email = ""

    public init() {}

    /// Trimmed fields, or what is missing.
    func validated() -> Result<(name: String, email: String), ScreenError> {
        let name = name.trimmingCharacters(in: .whitespaces)
        let email = email.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return .failure(ScreenError(message: "Enter a name.")) }
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            return .failure(ScreenError(message: "Enter an email address like ada@example.com."))
        }
        return .success((name, email))
    }
}

/// A history read a page at a time by cursor (the points ledger, the event log): what is loaded,
/// where the next page starts, and the state of the page being fetched.
public struct PagedList<Item: Hashable & Sendable, Cursor: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    /// Nil once the end is reached.
    public var nextCursor: Cursor?
    public var isLoadingMore = false
    /// Why the last page failed; "load more" retries it.
    public var error: ScreenError?

    public init(items: [Item] = [], nextCursor: Cursor? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    public var hasMore: Bool { nextCursor != nil }
}
