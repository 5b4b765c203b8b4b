import Testing
@testable import KioskViewModels
@testable import PaymentsCore

struct PriceWordingTests {
    @Test("billing titles name every single-unit period, never the raw ISO text", arguments: [
        ("P1Y", "Yearly"), ("P1M", "Monthly"), ("P1W", "Weekly"), ("P1D", "Daily"), ("PT1H", "Hourly"),
        ("P3M", "3-Month"), ("P2Y", "2-Year"), ("P10D", "10-Day"), ("PT6H", "6-Hour"), ("PT30M", "30-Minute"),
    ])
    func billingTitle(period: String, title: String) throws {
        let duration = try #require(ISODuration(period))
        #expect(PriceWording.billingTitle(duration) == title)
    }
}
