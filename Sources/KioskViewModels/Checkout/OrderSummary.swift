import Foundation
import PaymentsCore

/// What the customer is about to pay, before they pay it.
public struct OrderSummary: Hashable, Sendable {
    public var productName: String
    /// "Monthly", "once".
    public var periodText: String
    /// "7-day free trial, then $9.99/month", when the account is eligible.
    public var introOfferText: String?
    /// "WELCOME20: 20% off".
    public var promoText: String?
    /// For a plan change: credit for the unused time of the current plan.
    public var prorationCredit: Money?
    /// How today's charge is paid when the account balance pays part of it (the core's
    /// `PaymentSplit`); `totalDueToday` is then its card part, what the card is charged.
    public var balanceSplit: PaymentSplit?
    public var totalDueToday: Money
    public var nextChargeDate: Date?
    public var nextChargeAmount: Money?
    public var currency: Currency
    /// Set when the product grants access the account already has (a pass while subscribed, a
    /// plan while a pass lasts): said before paying, so nobody pays twice by mistake.
    public var duplicateWarning: String?
}
