import Foundation
import PaymentsCore

/// The signed-in account's settings, worded for the screen.
public struct SettingsContent: Hashable, Sendable {
    public var account: AccountSummary
    /// The active subscription, else the latest one; nil when the account never subscribed.
    public var subscription: SubscriptionSummary?
    /// What "request a refund" would refund.
    public var latestPaidInvoice: Invoice?
    public var paymentMethods: [PaymentMethod]
    public var usage: [UsageRow]
    public var billingIssues: [BillingIssue]
    /// The account's store time, against which a new card's expiry is checked.
    public var now: Date?
    /// For naming products by their display names (the QA panel's issues, inbox and events).
    public var catalog: Catalog?

    static func make(_ data: SettingsData, account: Account) -> SettingsContent {
        let current = data.subscriptions.first(where: \.isActive) ?? data.subscriptions.first
        return SettingsContent(
            account: AccountSummary.make(account, entitlements: data.entitlements, catalog: data.catalog),
            subscription: current.map {
                SubscriptionSummary.make($0, catalog: data.catalog, scheduledChange: data.scheduledChange)
            },
            latestPaidInvoice: data.latestPaidInvoice, paymentMethods: data.paymentMethods,
            usage: data.usage.map(UsageRow.init), billingIssues: BillingIssue.from(data.subscriptions), now: data.now,
            catalog: data.catalog)
    }
}
