import Foundation

/// An exact amount: integer minor units of one ISO 4217 currency.
///
/// Floating point never touches money: proration and discounts divide with explicit rounding
/// (see `prorated`), so every total on an invoice is reproducible to the last minor unit.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    public var isZero: Bool { minorUnits == 0 }
    public var isNegative: Bool { minorUnits < 0 }

    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    public var negated: Money { Money(minorUnits: -minorUnits, currency: currency) }

    /// `self × numerator ÷ denominator`, rounded toward zero.
    ///
    /// Rounding toward zero is the documented proration rule: a credit for unused time can only
    /// be smaller than the exact share, never larger, so a credit never exceeds what was paid.
    /// The product is computed in 128 bits, so long periods measured in seconds cannot overflow.
    public func prorated(numerator: Int64, denominator: Int64) -> Money {
        guard denominator != 0 else { return .zero(currency) }
        let negative = (minorUnits < 0) != ((numerator < 0) != (denominator < 0))
        let product = minorUnits.magnitude.multipliedFullWidth(by: numerator.magnitude)
        // A quotient wider than 64 bits cannot be represented: clamp instead of trapping.
        guard product.high < denominator.magnitude else {
            return Money(minorUnits: negative ? -Int64.max : Int64.max, currency: currency)
        }
        let (quotient, _) = denominator.magnitude.dividingFullWidth(product)
        let magnitude = Int64(clamping: quotient)
        return Money(minorUnits: negative ? -magnitude : magnitude, currency: currency)
    }

    /// `percent` % of this amount, rounded toward zero (a discount never exceeds its percentage).
    public func percentage(_ percent: Int) -> Money {
        prorated(numerator: Int64(percent), denominator: 100)
    }

    /// The amount as an exact decimal in major units (9.99 for 999 US cents), for formatting only.
    public var majorUnitDecimal: Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus,
                exponent: -currency.minorUnitDigits,
                significand: Decimal(minorUnits.magnitude))
    }

    public var description: String { formatted(locale: Locale(identifier: "en_US_POSIX")) }

    /// The amount as a person in `locale` expects to read it, with the currency's own number
    /// of decimals: "$9.99", "9,99 €", "¥1,500".
    public func formatted(locale: Locale = Locale(identifier: "en_US")) -> String {
        MoneyFormatter.shared.string(for: self, locale: locale)
    }
}

extension Money: Comparable {
    /// Amounts of different currencies order by currency code first, so sorting is total and
    /// deterministic; comparing across currencies is never meaningful for totals.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency != rhs.currency { return lhs.currency.code < rhs.currency.code }
        return lhs.minorUnits < rhs.minorUnits
    }
}
