import Foundation
import Testing
@testable import PaymentsCore

/// Transactions bought or renewed with an offer code say so as Apple's payloads do: the code as
/// `offerIdentifier`, its kind as `offerDiscountType`, and for subscriptions its span as `offerPeriod`.
@Suite struct OfferCodeTransactionTests {
    func payloads(_ store: CoreFixture, _ account: Account) async throws -> [TransactionPayload] {
        try await store.service.transactions(accountID: account.id, limit: 50).map(\.payload)
            .sorted { $0.purchaseDate < $1.purchaseDate }
    }

    @Test func aSubscriptionCodeMarksThePurchaseAndTheDiscountedRenewalsOnly() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly", code: "HALF")  // 50% off two yearly periods
        try await store.advance(days: 365)
        try await store.advance(days: 365)
        let issued = try await payloads(store, ada)
        #expect(issued.count == 3)
        for discounted in issued.prefix(2) {
            #expect(discounted.offerType == .offerCode)
            #expect(discounted.offerIdentifier == "HALF")
            #expect(discounted.offerDiscountType == .payAsYouGo)
            #expect(discounted.offerPeriod == "P2Y")
        }
        let fullPrice = try #require(issued.last)
        #expect(fullPrice.offerType == nil && fullPrice.offerIdentifier == nil && fullPrice.offerDiscountType == nil)
        #expect(fullPrice.price == 100_000)  // $100.00 in milliunits
    }

    @Test func aOneTimeCodeIsAOneTimeDiscountWithoutAPeriod() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes", code: "five")
        let payload = try #require(receipt.transaction?.payload)
        #expect(payload.offerType == .offerCode && payload.offerIdentifier == "FIVE")
        #expect(payload.offerDiscountType == .oneTime && payload.offerPeriod == nil)
    }

    @Test func anIntroductoryOfferKeepsItsOwnFieldsAndNoIdentifier() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "pro.monthly")
        let payload = try #require(receipt.transaction?.payload)
        #expect(payload.offerType == .introductory && payload.offerIdentifier == nil)
        #expect(payload.offerDiscountType == .freeTrial && payload.offerPeriod == "P1W")
    }

    @Test func repeatingADurationMultipliesEachComponentAndRefusesOverflow() {
        #expect(ISODuration(months: 1).repeated(3) == ISODuration(months: 3))
        #expect(ISODuration(years: 1, days: 2).repeated(2) == ISODuration(years: 2, days: 4))
        #expect(ISODuration(days: Int.max).repeated(2) == nil)
    }
}
