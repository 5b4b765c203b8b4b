import Foundation

/// The first renewal of a subscription bought at the hosted checkout, as the page announces it.
public struct CheckoutRenewal: Sendable, Hashable, Codable {
    public var date: Date
    public var amount: Money

    public init(date: Date, amount: Money) {
        self.date = date
        self.amount = amount
    }
}
