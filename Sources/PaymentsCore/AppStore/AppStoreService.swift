import Foundation

/// The App Store as the storefront, QA, the server and the command line reach it: the purchase
/// sheet (with ask to buy and interrupted purchases), the device's receipts on their way to the
/// merchant's backend, signed renewal info, and App Store Server Notifications V2 with their
/// delivery to the merchant's endpoint. The merchant's side is `PaymentsService`; what the App
/// Store tells it arrives through `recordReceipt` and `receiveStoreNotification`, as from Apple.
///
/// One protocol, so that the storefront, the server and QA never import the simulator: the
/// implementation is `SimulatedAppStore` (module Simulators; docs/design/app-store-split.md).
/// Renewal info and notifications are the App Store's, about what it bills.
public protocol AppStoreService: Sendable {
    // The purchase sheet
    /// Buys a product through the store account: StoreKit's `Product.purchase()`. A cancelled
    /// sheet is `.userCancelled`, not an error; ask to buy or an interrupted purchase is `.pending`.
    func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult
    /// A parent's (or the interrupted flow's) approval of a pending purchase; it then completes.
    func approvePurchase(pendingID: String) async throws -> StorePurchaseResult
    func declinePurchase(pendingID: String) async throws
    /// The sheet's requests (ask to buy, interrupted purchases) still waiting for an answer, or
    /// approved with their purchase not made yet, of one account or all, oldest first.
    func pendingActions(accountID: String?) async throws -> [PendingAction]
    /// How the account's own pending purchase stands, as the app learns it from StoreKit; another
    /// account's request is `pendingActionNotFound`.
    func pendingPurchaseStatus(pendingID: String, accountID: String) async throws -> PendingPurchaseStatus

    /// Refunds one of the App Store's transactions (a customer's refund request, granted): a
    /// one-time sale, or a period of a subscription, which then ends at once. The merchant learns
    /// of it from the App Store's REFUND notification.
    func requestRefund(transactionID: String) async throws

    // Store-billed subscriptions, as the customer manages them in the App Store's settings; the
    // merchant learns of each change from the App Store's notification about it.
    /// Turns auto-renew off (the subscription ends with its period) or on again.
    func setAutoRenew(originalTransactionID: String, enabled: Bool) async throws
    /// What moving to another product of the group would do, by the App Store's rules: an
    /// upgrade at once (the unused time refunded, the new price charged), a downgrade or a
    /// crossgrade to another duration at the next renewal.
    func previewPlanChange(originalTransactionID: String, toProductID: String) async throws -> PlanChangePreview
    /// Makes that move; answers the new transaction of a change made at once, nil for one
    /// scheduled for the renewal.
    func changePlan(originalTransactionID: String, toProductID: String) async throws -> String?

    /// Asks the customer to consent to a higher price at the next renewal (App Store Connect's
    /// price increase that needs consent); `subscriptionID` is the app's name for the
    /// subscription, shown in the tester's inbox. Unanswered by the renewal, the subscription ends.
    func requestPriceIncrease(originalTransactionID: String, subscriptionID: String, newPrice: Int64) async throws -> PendingAction
    /// The customer's answer to a consent request; declined, the subscription ends with its period.
    /// Answers the request, or nil when it is not the App Store's (the merchant's to answer).
    func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> PendingAction?

    // Time: the App Store renews, retries and ends its subscriptions on the customer's clock.
    /// Files the subscriptions of customers put on a test clock or back on real time since it
    /// last looked (the merchant's `test_clock.attached`/`detached` events) under the clock each
    /// customer is on; the tester's advance calls it once before it runs, the timers each tick.
    func followClocks() async throws
    /// When the App Store next has work on the clock (nil: real time), if it has any.
    func nextDueDate(clockID: String?) async throws -> Date?
    /// Runs the App Store's work due on the clock up to `until`, in time order, telling the
    /// merchant of each step.
    func runDueWork(clockID: String?, until: Date) async throws -> ClockAdvanceReport

    /// The App Store's switches (its sheet's and the device's); the merchant keeps its own.
    func controls() async throws -> AppStoreControls
    func updateControls(_ controls: AppStoreControls) async throws

    /// Forgets every sale and request, as Xcode's "Delete All Transactions" does; the tester's
    /// desk clears the merchant's books with it.
    func clearAllTransactions() async throws

    // The device's receipts
    /// Uploads every due receipt to the merchant's backend, as the app does on launch; failures
    /// stay queued with backoff.
    func deliverReceipts() async throws -> ReceiptSyncReport

    // Renewal info and App Store Server Notifications V2
    /// The signed renewal info of each of the account's store-billed subscriptions.
    func renewalInfo(accountID: String) async throws -> [SignedRenewalInfo]
    /// Every notification so far, oldest first.
    func notifications() async throws -> [StoreNotification]
    /// Each notification with its `signedPayload` as it would be sent now.
    func signedNotifications() async throws -> [(notification: StoreNotification, signedPayload: String)]
    /// Queues a TEST notification, as App Store Connect's "Request a Test Notification" does.
    func sendTestNotification() async throws -> StoreNotification
    /// Posts every notification due now to the notification URL, with Apple's retries.
    func deliverNotifications(transport: any StoreNotificationTransport) async throws -> StoreNotificationDeliveryReport
}

/// Where a purchase left waiting on the App Store's sheet (ask to buy, an interrupted purchase)
/// stands. Apple answers the app (`Transaction.updates`), not the merchant: once the App Store is
/// a simulator of its own a declined request reaches no merchant at all, so the app asks the
/// store instead of watching the merchant's feed.
public enum PendingPurchaseStatus: String, Sendable, Equatable, Codable {
    case waiting
    /// Approved and bought: the purchase is in the account's history and entitlements.
    case approved
    case declined
}
