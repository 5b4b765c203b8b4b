import Foundation

/// The one door to the payments core for view models, QA scripts and the command line.
///
/// Every request and result is a Codable value and every failure a `PaymentsError`, so an
/// implementation may run in-process (`LocalPaymentsService`) or behind a server, and callers
/// cannot tell the difference. Mutating calls take an idempotency key where a retry could
/// otherwise apply twice.
public protocol PaymentsService: Sendable {
    func catalog() async throws -> Catalog
    func settings() async throws -> StoreSettings
    func updateSettings(_ settings: StoreSettings) async throws

    // Accounts
    func createAccount(_ account: NewAccount) async throws -> Account
    func accounts() async throws -> [Account]
    func account(_ id: String) async throws -> Account
    /// A new email for the account's receipts (an SSH key's account starts with a placeholder).
    func changeEmail(accountID: String, to email: String) async throws -> Account

    // Sessions: who a terminal is signed in as
    /// Opens a session for the account and returns its token, which the terminal keeps (only a
    /// hash is stored).
    func openSession(accountID: String) async throws -> String
    /// The account of a live session; nil for a closed or unknown token.
    func sessionAccount(_ token: String) async throws -> Account?
    /// Ends a session; closing one that is not live does nothing.
    func closeSession(_ token: String) async throws

    // API access
    /// Issues the account's API key, replacing any earlier one; returns the key (stored hashed only).
    func issueAPIKey(accountID: String) async throws -> String
    /// The account a customer API key belongs to, or nil for a key that is not live.
    func accountID(forAPIKey key: String) async throws -> String?

    // Time
    func now(for accountID: String) async throws -> Date
    func createTestClock(name: String, frozenAt: Date) async throws -> TestClock
    func testClock(_ id: String) async throws -> TestClock
    func attach(accountID: String, toTestClock clockID: String) async throws -> Account
    /// Puts an account living in real time on a new test clock frozen at the current time.
    func attachNewTestClock(accountID: String, name: String) async throws -> TestClock
    /// Returns an account to real time; refused while its clock is ahead of real time.
    func detachTestClock(accountID: String) async throws -> Account
    /// Runs every due trial end, renewal, retry and expiry in time order, up to `date`.
    func advanceTestClock(_ id: String, to date: Date) async throws -> ClockAdvanceReport
    /// One step of a longer advance (the desk's, which stops at each instant the App Store has
    /// work): runs what is due up to `date` and announces `advance` (one `test_clock.advanced`
    /// for the whole span the tester asked for) when given, which the advance's last step is.
    func advanceTestClock(_ id: String, to date: Date, announcing advance: ClosedRange<Date>?) async throws -> ClockAdvanceReport

    // Payment methods
    func addPaymentMethod(accountID: String, _ method: NewPaymentMethod) async throws -> PaymentMethod
    func paymentMethods(accountID: String) async throws -> [PaymentMethod]
    func removePaymentMethod(_ id: String) async throws
    func setDefaultPaymentMethod(_ id: String) async throws

    // Purchases and the subscription lifecycle
    func isEligibleForIntroOffer(accountID: String) async throws -> Bool
    func purchase(_ request: PurchaseRequest) async throws -> PurchaseOutcome
    /// What `purchase` would charge now (due today, first renewal), charging nothing; an invalid
    /// promo code fails here as it would there.
    func purchasePreview(accountID: String, productID: String, offerCode: String?) async throws -> PurchasePreview
    func subscriptions(accountID: String) async throws -> [Subscription]
    func previewPlanChange(subscriptionID: String, toProductID: String) async throws -> PlanChangePreview
    func changePlan(_ request: PlanChangeRequest) async throws -> PlanChangeOutcome
    func cancelAtPeriodEnd(subscriptionID: String, reason: CancellationReason?) async throws -> Subscription
    func resume(subscriptionID: String) async throws -> Subscription
    func refund(invoiceID: String, idempotencyKey: String?) async throws -> RefundOutcome
    /// Who bills the subscription (a change goes to that party), and whose subscription it is.
    func billingParty(subscriptionID: String) async throws -> (accountID: String, party: BillingParty)
    /// Who refunds what the invoice books: the App Store while it has money to give back for its
    /// own sale (`Refunds.appStoreRefundDue`), else the merchant, which answers every other case.
    func refundingParty(invoiceID: String) async throws -> BillingParty
    func revoke(subscriptionID: String, reason: RevocationReason) async throws -> Subscription
    func expire(subscriptionID: String) async throws -> Subscription

    // What the account has
    func entitlements(accountID: String) async throws -> [Entitlement]
    func currentPlan(accountID: String) async throws -> Plan?
    func recordUsage(accountID: String, featureID: String, idempotencyKey: String?) async throws -> UsageReceipt
    func usage(accountID: String) async throws -> [UsageMeter]
    func spendPoints(accountID: String, points: Int64, reason: String, idempotencyKey: String?) async throws -> PointsEntry
    func pointsLedger(accountID: String, cursor: String?, limit: Int) async throws -> Page<PointsEntry>

    // History
    func invoices(accountID: String, query: InvoiceQuery) async throws -> Page<Invoice>
    func invoice(_ id: String) async throws -> Invoice
    func events(accountID: String?, after: Int64?, limit: Int) async throws -> [StoreEvent]
    /// Where the change feed ends now: the id to read `events(after:)` from for news only (0 when empty).
    func feedPosition(accountID: String?) async throws -> Int64
    /// The feed's end and each account whose events lie after `position` (events of no account
    /// move only the end).
    func feedAdvance(after position: Int64) async throws -> FeedAdvance

    /// Checks the books: returns every broken invariant (empty when all hold).
    func checkInvariants() async throws -> [String]
    /// Runs every renewal, retry and expiry that has fallen due on the real clock; accounts on a
    /// test clock move only when their clock is advanced. Reads never run it, changes run it first.
    func runDueWork() async throws
    /// `runDueWork` as `DueWorkScheduler` runs it every second in `kiosk serve` and `kiosk run`:
    /// it leaves the work to another server of the store that is running it at that moment.
    func runScheduledDueWork() async throws -> ScheduledDueWork

    // Cards, pending actions and the simulated store's test controls (the App Store's own
    // operations, its sheet among them, are `AppStoreService`'s)
    /// Validates and tokenizes a card; only brand, last four, expiry and a token are kept.
    func addCard(accountID: String, card: CardDetails, makeDefault: Bool) async throws -> PaymentMethod
    /// The customer's 3-D Secure answer; the same answer again returns the first outcome.
    func completeAuthentication(pendingID: String, approved: Bool) async throws -> PurchaseOutcome
    /// The merchant's open actions (3-D Secure, its price-increase consent); the App Store's sheet
    /// holds the rest, and a tester sees both through `TestControlDesk`.
    func pendingActions(accountID: String?) async throws -> [PendingAction]
    func requestPriceIncrease(subscriptionID: String, newPrice: Int64) async throws -> PendingAction
    func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> Subscription
    func forceRenewal(subscriptionID: String) async throws -> Subscription
    func storeControls() async throws -> StoreControls
    func updateStoreControls(_ controls: StoreControls) async throws
    /// Counts down a fault the tester armed on `operation`, answering its error. A fault is the
    /// sandbox's, not one party's: "fail the next purchase" fails the next one, by card or on the
    /// App Store's sheet, so the simulators take theirs here as the merchant does.
    func takeFault(_ operation: StoreOperation) async throws -> StoreError?
    func setStorefront(accountID: String, storefront: String, currency: Currency) async throws -> Account
    func clearAllTransactions() async throws
    /// Store controls and lifecycle settings back to their defaults.
    func resetStore() async throws
    func saveSnapshot(named name: String) async throws
    func restoreSnapshot(named name: String) async throws
    func snapshots() async throws -> [String]
    func transactions(accountID: String, limit: Int) async throws -> [SignedTransaction]
    func verifyAppStoreTransaction(_ jws: String) async throws -> TransactionVerificationResult

    // The app backend: receipts recorded once (the App Store's device delivers them:
    // `AppStoreService.deliverReceipts`)
    func recordReceipt(_ submission: ReceiptSubmission) async throws -> ReceiptRecordResult

    // The App Store Server Notifications V2 endpoint: what the App Store tells the store
    /// Verifies a notification's `signedPayload` (and the transaction inside) against the App
    /// Store's root, then books what it teaches the merchant once per `notificationUUID`.
    func receiveStoreNotification(signedPayload: String) async throws -> StoreNotificationOutcome
    /// What the merchant booked for an App Store transaction it has heard of (from a notification
    /// or a receipt), nil while it has not: the App Store answers the app's purchase with it.
    func storePurchaseRecord(transactionID: String) async throws -> PurchaseReceipt?

    // The webhook endpoint: what a hosted-checkout provider tells the store
    /// The secret set the endpoint verifies signatures with, as the provider's dashboard gives it
    /// (the provider's QA controls set it when they create or rotate their secrets).
    func configureWebhookSecrets(_ secrets: WebhookSecretSet) async throws
    /// Verifies the raw body against the configured secrets at the store clock's "now", then
    /// applies it once.
    func receiveWebhook(httpHeaders: [String: String], body: Data) async throws -> WebhookReceipt
    /// The provider's view of a subscription as learned from webhooks ("active", "cancelled", …).
    func providerSubscriptionStatus(_ subscriptionID: String) async throws -> String?
    /// When the provider's success webhook confirmed the checkout session's payment, if it has.
    func checkoutConfirmation(sessionID: String) async throws -> Date?

    // Customer views: restore, customer info, status vocabulary, analytics
    /// Lists what a restore gives back (see `RestoreResult`); inactive subscriptions, revoked
    /// non-consumables and ended passes only with `includeInactive`. Fails with `PaymentsError.restore`
    /// (its rule says which), or a `PaymentsError` for an unknown account or a storage failure.
    /// An armed `.restore` fault fails it with `RestoreError.serviceError`.
    func restorePurchases(accountID: String, includeInactive: Bool) async throws -> RestoreResult
    /// RevenueCat-style customer info; honours `.subscriptionStatus` faults like `subscriptions`.
    func customerInfo(accountID: String) async throws -> CustomerInfo
    /// The account and its customer info, read at one moment.
    func customerOverview(accountID: String) async throws -> CustomerOverview
    /// The subscription's status in StoreKit's, Stripe's, RevenueCat's, Chargebee's and Dodo's words.
    func statusVocabulary(subscriptionID: String) async throws -> SubscriptionStatusVocabulary
    /// Records an app analytics event at the account's store clock time.
    @discardableResult
    func track(_ event: AnalyticsEvent, accountID: String) async throws -> AnalyticsEntry
    /// App events and the store's customer-facing events of an account, oldest first, after `after`.
    func analytics(accountID: String, after: Int64?, limit: Int) async throws -> [AnalyticsEntry]
    /// Notices for the customer after `after` (a notice id), oldest first, at most 100 per call:
    /// poll with the last id seen as a change feed.
    func notifications(accountID: String, after: Int64?) async throws -> [CustomerNotice]
}

extension PaymentsService {
    /// One of a customer's subscriptions by id (the merchant's copy of a store-billed one too).
    public func subscription(_ id: String, of accountID: String) async throws -> Subscription {
        guard let subscription = try await subscriptions(accountID: accountID).first(where: { $0.id == id }) else {
            throw PaymentsError.subscriptionNotFound(id)
        }
        return subscription
    }
}
