import Foundation

/// A promotional code a customer types at checkout.
public struct OfferCode: Hashable, Sendable, Codable {
    public enum Discount: Hashable, Sendable, Codable {
        /// Percent off each discounted charge, 1...100.
        case percent(Int)
        /// A fixed amount off each discounted charge, base-currency minor units; never below zero.
        case amount(Int64)

        private enum CodingKeys: String, CodingKey {
            case percent, amount
        }

        /// `{"percent": 20}` or `{"amount": 500}`, as the catalog file writes it, so encoded
        /// catalogs load again (the synthesized form would be `{"percent": {"_0": 20}}`).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let percent = try container.decodeIfPresent(Int.self, forKey: .percent) {
                self = .percent(percent)
            } else if let amount = try container.decodeIfPresent(Int64.self, forKey: .amount) {
                self = .amount(amount)
            } else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "a discount needs percent or amount"))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case let .percent(percent): try container.encode(percent, forKey: .percent)
            case let .amount(amount): try container.encode(amount, forKey: .amount)
            }
        }
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
