import Foundation
import PaymentsCore

public struct CheckoutState: Equatable, Sendable {
    /// Names this checkout, unique in the app's session (the app numbers every checkout it opens):
    /// prefixes its idempotency keys.
    public var sessionID: String
    public var productID: String
    public var account: Account?
    public var phase: LoadPhase<OrderSummary> = .loading
    public var status: CheckoutStatus = .editing
    public var savedCards: [PaymentMethod] = []
    public var payment: PaymentChoice = .newCard
    public var cardForm = CardFormState()
    public var promoCodeText = ""
    public var promo: OfferCode?
    public var promoMessage: String?
    public var isValidatingPromo = false
    /// The latest time an effect read from the injected clock: card expiry is judged against it.
    public var now: Date?
    /// What happened to "open in browser" or "copy link" while waiting for the browser.
    public var browserNotice: String?
    /// Why paying in the browser is not offered in this session (its client's `withheldBecause`).
    public var browserWithheld: String?
    /// The email for receipts being typed, while the account has only a placeholder (an SSH key's
    /// first purchase); nil when none is asked for. Saved on the account before the payment.
    public var receiptEmail: String?
    public var receiptEmailError: String?
    /// Numbers checkout attempts; a decline starts a new one, a failed call retries the same.
    public var attempt = 1
    /// Times Retry sent this attempt's payment again: the key stays the same, so this is what
    /// the processing line counts ("attempt 2") to show the retry is happening.
    public var retryCount = 0
    /// The card saved for this attempt, so a retry does not save it twice.
    var addedPaymentMethodID: String?
    /// Why a declined card could not be removed again, so the person knows it is still saved.
    public var declinedCardRemovalError: ScreenError?
    /// Why the store could not say how the ask-to-buy request stands; the next poll asks again.
    public var pendingApprovalCheckError: ScreenError?
    /// The request a question to the store is out about, so polls do not pile up behind a slow one.
    var checkingPendingID: String?
    var data: CheckoutData?

    public init(sessionID: String, productID: String, account: Account? = nil) {
        self.sessionID = sessionID
        self.productID = productID
        self.account = account
    }

    /// One key per attempt of this checkout: a double Enter or a retry after a lost reply applies
    /// once, while another checkout of the same product (its own `sessionID`) is a new purchase.
    public var idempotencyKey: String { "\(sessionID).checkout.\(productID).\(attempt)" }

    public var isPlanChange: Bool { data?.planChange != nil }

    /// Seconds a browser checkout may wait before the screen gives up.
    public static let browserTimeoutSeconds = 15 * 60

    public static let keys = [
        KeyHelp("Tab", "Next field"), KeyHelp("p", "Choose payment method"), KeyHelp("c", "Enter a promo code"),
        KeyHelp("Enter", "Pay"), KeyHelp("Esc", "Cancel checkout"),
    ]

    /// While the browser's page is open, its keys: the form's are not in play.
    public static let browserKeys = [
        KeyHelp("o", "Open the page in the browser"), KeyHelp("c", "Copy the link"), KeyHelp("Esc", "Stop waiting"),
    ]

    /// The keys the screen answers as it stands, for the help overlay: the browser checkout's
    /// phases have their own (the form's do nothing there).
    public var helpKeys: [KeyHelp] {
        guard case let .browser(phase) = status else { return Self.keys }
        switch phase {
        case .waiting: return Self.browserKeys
        case .creatingSession, .reconciling: return [KeyHelp("Esc", "Cancel")]
        case .timedOut, .cancelled: return [KeyHelp("t", "Try again"), KeyHelp("Esc", "Close")]
        }
    }
}
