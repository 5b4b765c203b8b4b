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
