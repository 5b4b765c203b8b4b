import Foundation

/// Converts StoreKit `displayPrice` strings ("0.99", "120") into integer minor units by reading
/// the digits, never through floating point, so "0.29" is 29 cents and not 28.999….
public enum StoreKitPrice {
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not a plain decimal: a sign, a thousands separator or a decimal comma ("1,200"),
        /// letters or a currency symbol. "1,200" is refused rather than guessed, because it is
        /// 1200 in one locale and 1.2 in another.
        case notADecimal(String)
        /// More fraction digits than the currency has (0.5 yen): rounding would change the
        /// price, so the item is left out instead.
        case tooPrecise(String, Currency)
        case tooLarge(String)

        public var description: String {
            switch self {
            case let .notADecimal(text):
                "price '\(text)' is not a plain decimal number such as 0.99 or 120"
            case let .tooPrecise(text, currency):
                "price '\(text)' has more decimals than \(currency.code) allows "
                    + "(\(currency.minorUnitDigits)); not rounded"
            case let .tooLarge(text):
                "price '\(text)' is too large"
            }
        }
    }

    /// Minor units of `currency` in `text`. Surrounding spaces are ignored; fraction digits
    /// beyond the currency's that are all zeros ("120.0" yen) are exact and accepted.
    public static func minorUnits(_ text: String, currency: Currency) throws(Failure) -> Int64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw .notADecimal(text)
        }
        var fraction = parts.count == 2 ? Array(parts[1]) : []
        guard parts.count == 1 || !fraction.isEmpty else { throw .notADecimal(text) }
        while fraction.count > currency.minorUnitDigits, fraction.last == "0" { fraction.removeLast() }
        guard fraction.count <= currency.minorUnitDigits else { throw .tooPrecise(text, currency) }
        let padded = String(fraction) + String(repeating: "0", count: currency.minorUnitDigits - fraction.count)
        guard let units = Int64(whole + padded) else { throw .tooLarge(text) }
        return units
    }
}
