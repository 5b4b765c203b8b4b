import Foundation
import PaymentsCore

/// Exactly the payments calls the screens make, as replaceable closures.
///
/// Screens never see `PaymentsService` itself: tests build a client from `unstubbed` and
/// stub only the calls a flow should make, so an unexpected call surfaces as an error state.
public struct PaymentsClient: Sendable {
    public var catalog: @Sendable () async throws -> Catalog
    public var accounts: @Sendable () async throws -> [Account]
    public var signedInAccount: @Sendable () async throws -> Account?
    public var signIn: @Sendable (_ accountID: String) async throws -> Void
    public var signOut: @Sendable () async throws -> Void
    public var createAccount: @Sendable (NewAccount) async throws -> Account
    public var now: @Sendable (_ accountID: String) async throws -> Date

    public var isEligibleForIntroOffer: @Sendable (_ accountID: String) async throws -> Bool
    public var subscriptions: @Sendable (_ accountID: String) async throws -> [Subscription]
    public var entitlements: @Sendable (_ accountID: String) async throws -> [Entitlement]
    /// StoreKit's `AppStore.sync`: re-reads what the account owns from the store.
    /// Restores purchases and lists the subscriptions, unlocks and passes that came back.
    public var restorePurchases: @Sendable (_ accountID: String) async throws -> RestoreResult
    /// Checks a promo code against a product for an account before checkout submits it.
    public var validateOfferCode: @Sendable (_ code: String, _ productID: String, _ accountID: String) async throws -> OfferCode

    public var purchase: @Sendable (PurchaseRequest) async throws -> PurchaseOutcome
    public var storePurchase: @Sendable (StorePurchaseRequest) async throws -> StorePurchaseResult
    /// How the account's own purchase waiting on the store sheet stands (StoreKit's
    /// `Transaction.updates`): Apple tells the app, not the merchant's feed.
    public var storePurchaseStatus: @Sendable (_ pendingID: String, _ accountID: String) async throws -> PendingPurchaseStatus
    public var completeAuthentication: @Sendable (_ pendingID: String, _ approved: Bool) async throws -> PurchaseOutcome
    public var previewPlanChange: @Sendable (_ subscriptionID: String, _ toProductID: String) async throws -> PlanChangePreview
    public var changePlan: @Sendable (PlanChangeRequest) async throws -> PlanChangeOutcome
    /// The subscription's status as each store and billing provider words it (the QA panel's map).
    public var statusVocabulary: @Sendable (_ subscriptionID: String) async throws -> SubscriptionStatusVocabulary
    public var cancelAtPeriodEnd: @Sendable (_ subscriptionID: String, CancellationReason?) async throws -> Subscription
    public var resume: @Sendable (_ subscriptionID: String) async throws -> Subscription
    public var refund: @Sendable (_ invoiceID: String, _ idempotencyKey: String?) async throws -> RefundOutcome

    public var paymentMethods: @Sendable (_ accountID: String) async throws -> [PaymentMethod]
    public var addCard: @Sendable (_ accountID: String, CardDetails, _ makeDefault: Bool) async throws -> PaymentMethod
    public var removePaymentMethod: @Sendable (_ paymentMethodID: String) async throws -> Void
    public var setDefaultPaymentMethod: @Sendable (_ paymentMethodID: String) async throws -> Void

    public var invoices: @Sendable (_ accountID: String, InvoiceQuery) async throws -> Page<Invoice>
    public var invoice: @Sendable (_ invoiceID: String) async throws -> Invoice
    public var events: @Sendable (_ accountID: String?, _ after: Int64?, _ limit: Int) async throws -> [StoreEvent]
    public var feedPosition: @Sendable (_ accountID: String?) async throws -> Int64
    public var usage: @Sendable (_ accountID: String) async throws -> [UsageMeter]
    public var pointsLedger: @Sendable (_ accountID: String, _ cursor: String?, _ limit: Int) async throws -> Page<PointsEntry>

    public var pendingActions: @Sendable (_ accountID: String?) async throws -> [PendingAction]
    public var approvePurchase: @Sendable (_ pendingID: String) async throws -> StorePurchaseResult
    public var declinePurchase: @Sendable (_ pendingID: String) async throws -> Void
    public var answerPriceIncrease: @Sendable (_ pendingID: String, _ accept: Bool) async throws -> Subscription
    public var storeControls: @Sendable () async throws -> StoreControls
    public var updateStoreControls: @Sendable (StoreControls) async throws -> Void
    public var testClock: @Sendable (_ clockID: String) async throws -> TestClock
    public var advanceTestClock: @Sendable (_ clockID: String, _ to: Date) async throws -> ClockAdvanceReport

    /// Hosted checkout in a browser; served by a separate checkout server (see `HostedCheckoutClient`).
    public var hostedCheckout: HostedCheckoutClient
    /// The hosted-checkout provider's webhook deliveries, newest last, and the QA panel's
    /// replay and duplicate controls. A store without hosted checkout has none.
    public var webhookDeliveries: @Sendable () async throws -> [WebhookDelivery] = {
        throw UnstubbedCall("webhookDeliveries")
    }
    public var replayWebhook: @Sendable (_ deliveryID: String) async throws -> WebhookDelivery = { _ in
        throw UnstubbedCall("replayWebhook")
    }
    public var duplicateWebhook: @Sendable (_ deliveryID: String) async throws -> WebhookDelivery = { _ in
        throw UnstubbedCall("duplicateWebhook")
    }
    /// A signal for each new event of the signed-in customer's feed after a position (nil: from
    /// now), for a host to read the feed at once instead of at its next poll. Nil when the store
    /// has no live stream (the in-process store is read every two seconds anyway).
    public var feedNews: (@Sendable (_ after: Int64?) -> AsyncStream<Void>)?
    /// The QA panel's way onto a test clock (a new one, frozen now) and back to real time.
    public var attachNewTestClock: @Sendable (_ accountID: String, _ name: String) async throws -> TestClock = { _, _ in
        throw UnstubbedCall("attachNewTestClock")
    }
    /// A new email for the account's receipts (the first purchase of an SSH key's account asks).
    public var changeEmail: @Sendable (_ accountID: String, _ email: String) async throws -> Account = { _, _ in
        throw UnstubbedCall("changeEmail")
    }
    public var detachTestClock: @Sendable (_ accountID: String) async throws -> Account = { _ in
        throw UnstubbedCall("detachTestClock")
    }

    public init(
        catalog: @escaping @Sendable () async throws -> Catalog,
        accounts: @escaping @Sendable () async throws -> [Account],
        signedInAccount: @escaping @Sendable () async throws -> Account?,
        signIn: @escaping @Sendable (String) async throws -> Void,
        signOut: @escaping @Sendable () async throws -> Void,
        createAccount: @escaping @Sendable (NewAccount) async throws -> Account,
        now: @escaping @Sendable (String) async throws -> Date,
        isEligibleForIntroOffer: @escaping @Sendable (String) async throws -> Bool,
        subscriptions: @escaping @Sendable (String) async throws -> [Subscription],
        entitlements: @escaping @Sendable (String) async throws -> [Entitlement],
        restorePurchases: @escaping @Sendable (String) async throws -> RestoreResult,
        validateOfferCode: @escaping @Sendable (String, String, String) async throws -> OfferCode,
        purchase: @escaping @Sendable (PurchaseRequest) async throws -> PurchaseOutcome,
        storePurchase: @escaping @Sendable (StorePurchaseRequest) async throws -> StorePurchaseResult,
        storePurchaseStatus: @escaping @Sendable (String, String) async throws -> PendingPurchaseStatus,
        completeAuthentication: @escaping @Sendable (String, Bool) async throws -> PurchaseOutcome,
        previewPlanChange: @escaping @Sendable (String, String) async throws -> PlanChangePreview,
        changePlan: @escaping @Sendable (PlanChangeRequest) async throws -> PlanChangeOutcome,
        statusVocabulary: @escaping @Sendable (String) async throws -> SubscriptionStatusVocabulary,
        cancelAtPeriodEnd: @escaping @Sendable (String, CancellationReason?) async throws -> Subscription,
        resume: @escaping @Sendable (String) async throws -> Subscription,
        refund: @escaping @Sendable (String, String?) async throws -> RefundOutcome,
        paymentMethods: @escaping @Sendable (String) async throws -> [PaymentMethod],
        addCard: @escaping @Sendable (String, CardDetails, Bool) async throws -> PaymentMethod,
        removePaymentMethod: @escaping @Sendable (String) async throws -> Void,
        setDefaultPaymentMethod: @escaping @Sendable (String) async throws -> Void,
        invoices: @escaping @Sendable (String, InvoiceQuery) async throws -> Page<Invoice>,
        invoice: @escaping @Sendable (String) async throws -> Invoice,
        events: @escaping @Sendable (String?, Int64?, Int) async throws -> [StoreEvent],
        feedPosition: @escaping @Sendable (String?) async throws -> Int64,
        usage: @escaping @Sendable (String) async throws -> [UsageMeter],
        pointsLedger: @escaping @Sendable (String, String?, Int) async throws -> Page<PointsEntry>,
        pendingActions: @escaping @Sendable (String?) async throws -> [PendingAction],
        approvePurchase: @escaping @Sendable (String) async throws -> StorePurchaseResult,
        declinePurchase: @escaping @Sendable (String) async throws -> Void,
        answerPriceIncrease: @escaping @Sendable (String, Bool) async throws -> Subscription,
        storeControls: @escaping @Sendable () async throws -> StoreControls,
        updateStoreControls: @escaping @Sendable (StoreControls) async throws -> Void,
        testClock: @escaping @Sendable (String) async throws -> TestClock,
        advanceTestClock: @escaping @Sendable (String, Date) async throws -> ClockAdvanceReport,
        hostedCheckout: HostedCheckoutClient
    ) {
        self.catalog = catalog
        self.accounts = accounts
        self.signedInAccount = signedInAccount
        self.signIn = signIn
        self.signOut = signOut
        self.createAccount = createAccount
        self.now = now
        self.isEligibleForIntroOffer = isEligibleForIntroOffer
        self.subscriptions = subscriptions
        self.entitlements = entitlements
        self.restorePurchases = restorePurchases
        self.validateOfferCode = validateOfferCode
        self.purchase = purchase
        self.storePurchase = storePurchase
        self.storePurchaseStatus = storePurchaseStatus
        self.completeAuthentication = completeAuthentication
        self.previewPlanChange = previewPlanChange
        self.changePlan = changePlan
        self.statusVocabulary = statusVocabulary
        self.cancelAtPeriodEnd = cancelAtPeriodEnd
        self.resume = resume
        self.refund = refund
        self.paymentMethods = paymentMethods
        self.addCard = addCard
        self.removePaymentMethod = removePaymentMethod
        self.setDefaultPaymentMethod = setDefaultPaymentMethod
        self.invoices = invoices
        self.invoice = invoice
        self.events = events
        self.feedPosition = feedPosition
        self.usage = usage
        self.pointsLedger = pointsLedger
        self.pendingActions = pendingActions
        self.approvePurchase = approvePurchase
        self.declinePurchase = declinePurchase
        self.answerPriceIncrease = answerPriceIncrease
        self.storeControls = storeControls
        self.updateStoreControls = updateStoreControls
        self.testClock = testClock
        self.advanceTestClock = advanceTestClock
        self.hostedCheckout = hostedCheckout
    }
}
