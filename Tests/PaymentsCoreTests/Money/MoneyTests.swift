import Foundation
import Testing
@testable import PaymentsCore

@Suite struct MoneyTests {
    @Test func formatsWithTheCurrencysOwnDecimals() {
        let en = Locale(identifier: "en_US")
        #expect(Money(minorUnits: 999, currency: .usd).formatted(locale: en) == "$9.99")
        #expect(Money(minorUnits: 1500, currency: .jpy).formatted(locale: en) == "¥1,500")
        #expect(Money(minorUnits: 123_456, currency: .eur).formatted(locale: Locale(identifier: "de_DE")) == "1.234,56\u{a0}€")
        #expect(Money(minorUnits: 1234, currency: Currency(code: "KWD")!).formatted(locale: en).contains("1.234"))
    }
}
