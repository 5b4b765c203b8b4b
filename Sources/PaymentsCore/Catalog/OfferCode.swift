import Foundation

/// A promotional code a customer types at checkout.
public struct OfferCode: Hashable, Sendable, Codable {
    public enum Discount: Hashable, Sendable, Codable {
        /// Percent off each discounted charge, 1...100.
        case percent(Int)
        /// A fixed amount off each discounted charge, base-currency minor units; never below zero.
        case amount(Int64)
    }

    /// Case-insensitive on entry, stored upper-case.
    public var code: String
    /// Product ids it applies to (subscription or one-time).
    public var products: [String]
    public var discount: Discount
    /// The code is refused at or after this instant.
    public var expires: Date
    /// How many billing periods of a subscription are discounted (1 for one-time products).
    public var periods: Int

    public init(code: String, products: [String], discount: Discount, expires: Date, periods: Int = 1) {
        self.code = code
        self.products = products
        self.discount = discount
        self.expires = expires
        self.periods = periods
    }
}
