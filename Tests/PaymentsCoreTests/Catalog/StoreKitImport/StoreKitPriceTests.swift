import Testing
@testable import PaymentsCore

@Suite struct StoreKitPriceTests {
    @Test(arguments: [
        ("0.99", "USD", 99), ("9", "USD", 900), ("9.9", "USD", 990), ("0.29", "USD", 29), ("1.10", "USD", 110),
        ("1.990", "USD", 199), (" 4.99 ", "USD", 499), ("120", "JPY", 120), ("120.00", "JPY", 120),
        ("1.234", "KWD", 1234), ("0", "USD", 0), ("0012.50", "EUR", 1250),
    ] as [(String, String, Int64)])
    func decimalTextBecomesExactMinorUnits(text: String, code: String, expected: Int64) throws {
        let currency = try #require(Currency(code: code))
        #expect(try StoreKitPrice.minorUnits(text, currency: currency) == expected)
    }

    @Test(arguments: ["1,200", "1.200,50", "-1", "+1", "1.", ".5", "", "$0.99", "0.99 USD", "1e3", "1.2.3", "٣"])
    func anythingButAPlainDecimalIsRefused(text: String) {
        #expect(throws: StoreKitPrice.Failure.notADecimal(text)) {
            try StoreKitPrice.minorUnits(text, currency: .usd)
        }
    }

    @Test func moreDecimalsThanTheCurrencyHasIsRefusedNotRounded() {
        #expect(throws: StoreKitPrice.Failure.tooPrecise("1.5", .jpy)) {
            try StoreKitPrice.minorUnits("1.5", currency: .jpy)
        }
        #expect(throws: StoreKitPrice.Failure.tooPrecise("0.999", .usd)) {
            try StoreKitPrice.minorUnits("0.999", currency: .usd)
        }
    }

    @Test func aPriceBeyond64BitsIsRefused() {
        #expect(throws: StoreKitPrice.Failure.tooLarge("99999999999999999999")) {
            try StoreKitPrice.minorUnits("99999999999999999999", currency: .usd)
        }
    }
}
