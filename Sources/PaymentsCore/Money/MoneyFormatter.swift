import Foundation
import Synchronization

/// Formats money through ICU's currency rules, reusing one `NumberFormatter` per locale and
/// currency: building a formatter costs far more than formatting, and screens format many prices.
final class MoneyFormatter: Sendable {
    static let shared = MoneyFormatter()

    private struct Key: Hashable {
        let locale: String
        let currency: String
    }

    /// NumberFormatter is not thread-safe, so each is used only while the lock is held.
    private let formatters = Mutex<[Key: NumberFormatter]>([:])

    func string(for money: Money, locale: Locale) -> String {
        let key = Key(locale: locale.identifier, currency: money.currency.code)
        return formatters.withLock { cache in
            let formatter = cache[key] ?? Self.makeFormatter(locale: locale, currency: money.currency)
            cache[key] = formatter
            let number = NSDecimalNumber(decimal: money.majorUnitDecimal)
            return formatter.string(from: number) ?? Self.plain(money)
        }
    }

    private static func makeFormatter(locale: Locale, currency: Currency) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency.code
        formatter.minimumFractionDigits = currency.minorUnitDigits
        formatter.maximumFractionDigits = currency.minorUnitDigits
        formatter.generatesDecimalNumbers = true
        return formatter
    }

    /// Used only if ICU cannot format: "9.99 USD".
    private static func plain(_ money: Money) -> String {
        "\(money.majorUnitDecimal) \(money.currency.code)"
    }
}
