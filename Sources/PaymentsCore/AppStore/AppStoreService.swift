/// The App Store as the storefront, QA, the server and the command line reach it: the purchase
/// sheet (with ask to buy and interrupted purchases), the device's receipts on their way to the
/// merchant's backend, signed renewal info, and App Store Server Notifications V2 with their
/// delivery to the merchant's endpoint. The merchant's side is `PaymentsService`; what the App
/// Store tells it arrives through `recordReceipt` and `receiveStoreNotification`, as from Apple.
///
/// One protocol, so that the storefront, the server and QA never import the simulator: the
/// implementation is `SimulatedAppStore` (module Simulators), which still borrows parts of the
/// payments core while it moves out (`InCoreAppStore`, docs/design/app-store-split.md).
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

    /// Refunds one of the App Store's one-time sales (a customer's refund request, granted): the
    /// merchant learns of it from the App Store's REFUND notification.
    func requestRefund(transactionID: String) async throws

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
