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

    /// `percent` % of this amount, rounded half-up to the nearest minor unit (half away from
    /// zero: 20% of $9.99 is $1.998, so $2.00; 50% of 1¢ is 0.5¢, so 1¢).
    ///
    /// This is the one rule for every percentage (docs/money.md): a promo quote and the invoice it
    /// becomes both use it, so they agree to the minor unit. Proration keeps its own rule
    /// (toward zero, `prorated`), because a credit for unused time must never exceed what was paid.
    public func percentage(_ percent: Int) -> Money {
        let negative = (minorUnits < 0) != (percent < 0)
        let product = minorUnits.magnitude.multipliedFullWidth(by: UInt64(percent.magnitude))
        guard product.high < 100 else {
            return Money(minorUnits: negative ? -Int64.max : Int64.max, currency: currency)
        }
        let (quotient, remainder) = UInt64(100).dividingFullWidth(product)
        let rounded = remainder >= 50 ? quotient.addingReportingOverflow(1).partialValue : quotient
        let magnitude = Int64(clamping: rounded)
        return Money(minorUnits: negative ? -magnitude : magnitude, currency: currency)
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

/// Why an arithmetic step on money was refused instead of producing a wrong amount.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case currencyMismatch(Currency, Currency)
    case overflow

    public var description: String {
        switch self {
        case let .currencyMismatch(lhs, rhs): "cannot combine amounts in \(lhs) and \(rhs)"
        case .overflow: "amount out of range"
        }
    }
}
