import Foundation
import PaymentsCore
import StorefrontClient

public enum CheckoutAction: Equatable, Sendable {
    case onAppear
    case retryLoad
    case loaded(Result<CheckoutData, ScreenError>)
    case clockTicked(Date)

    case promoCodeChanged(String)
    case applyPromoTapped
    case promoValidated(Result<OfferCode, ScreenError>)
    case removePromoTapped

    case selectPayment(PaymentChoice)
    case cardNumberChanged(String)
    case cardExpiryChanged(String)
    case cardCVCChanged(String)
    case cardNameChanged(String)
    case cardPostalCodeChanged(String)

    case receiptEmailChanged(String)
    case receiptEmailSaved(Result<Account, ScreenError>)

    case submitTapped
    case storePurchaseConfirmed
    case storePurchaseDismissed
    case cardSaved(Result<PaymentMethod, ScreenError>)
    case purchaseFinished(Result<PurchaseOutcome, ScreenError>)
    /// The card saved for a charge that was then declined was removed again (its id), or why not.
    case declinedCardRemoved(Result<String, ScreenError>)
    case storePurchaseFinished(Result<StorePurchaseResult, ScreenError>)
    case planChangeFinished(Result<PlanChangeOutcome, ScreenError>)
    case authenticationAnswered(approved: Bool)
    /// Time to ask the store how the ask-to-buy request stands: the host's poll, or news on the feed.
    case checkPendingApproval
    case pendingApprovalChecked(pendingID: String, Result<PendingPurchaseStatus, ScreenError>)

    case browserSessionCreated(Result<HostedCheckoutSession, ScreenError>)
    case browserOutcome(Result<HostedCheckoutOutcome, ScreenError>)
    /// What the session lookup said after the customer gave up or the wait timed out.
    case browserReconciled(Result<HostedCheckoutOutcome, ScreenError>)
    case browserInvoiceLoaded(Result<Invoice, ScreenError>)
    case browserCancelTapped
    case openBrowserTapped
    case copyLinkTapped
    case browserLinkHandled(Result<String, ScreenError>)

    /// After a failed call: the same attempt again.
    case retryTapped
    /// After a decline: back to the form for a new attempt.
    case tryAgainTapped
    case closeTapped
    case doneTapped
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        case close
        case finished(CheckoutReceipt)
    }
}
