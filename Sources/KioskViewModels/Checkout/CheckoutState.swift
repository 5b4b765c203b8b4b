import Foundation
import PaymentsCore
import StorefrontClient

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

public enum CheckoutStatus: Equatable, Sendable {
    case editing
    /// Confirming a store purchase in a sheet.
    case confirmingStorePurchase
    case processing
    /// A 3-D Secure challenge: approve or fail it.
    case authenticating(PendingAction)
    /// Ask to buy: waiting for a parent's approval.
    case pendingApproval(PendingAction)
    case browser(BrowserCheckoutPhase)
    case declined(message: String, advice: String)
    /// The outcome is unknown (the call failed): retry repeats the same attempt.
    case failed(ScreenError)
    case succeeded(CheckoutReceipt)
}

/// Where a hosted (browser) checkout is.
public enum BrowserCheckoutPhase: Hashable, Sendable {
    case creatingSession
    /// The URL is shown; `elapsedSeconds` counts from `startedAt` by the injected clock.
    case waiting(session: HostedCheckoutSession, startedAt: Date, elapsedSeconds: Int)
    /// The customer gave up (or the wait timed out): the session is being looked up before the
    /// checkout says it did not go through.
    case reconciling(sessionID: String, after: Ending)
    case timedOut
    case cancelled

    public enum Ending: Hashable, Sendable {
        case cancelled
        case timedOut
    }
}

/// How the customer pays at checkout.
public enum PaymentChoice: Hashable, Sendable {
    case savedCard(paymentMethodID: String)
    case newCard
    /// Billed by the store account (StoreKit-style), confirmed in a sheet.
    case storeAccount
    /// A hosted checkout page opened in the browser.
    case browser
}

/// What the success screen shows.
public struct CheckoutReceipt: Hashable, Sendable {
    public var transactionID: String?
    public var invoiceNumber: String
    public var total: Money
    /// Names of what is now unlocked: "Premium", or "500 points".
    public var unlocked: [String]
}

extension Account {
    /// The account has no real email yet: a new SSH key's account starts with
    /// `ssh-…@ssh.invalid` (AccountRules.sshAccount; `.invalid` never delivers). Its first
    /// purchase asks for one, for receipts.
    public var hasPlaceholderEmail: Bool { email.lowercased().hasSuffix("@ssh.invalid") }
}
