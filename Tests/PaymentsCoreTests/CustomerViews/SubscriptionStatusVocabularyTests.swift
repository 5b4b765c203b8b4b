import Foundation
import Testing
@testable import PaymentsCore

@Suite struct SubscriptionStatusVocabularyTests {
    /// One row of the mapping: Kiosk's state in, every provider's term out.
    struct Row: Sendable, CustomTestStringConvertible {
        var state: RenewalState
        var period: PeriodType
        var renews: Bool
        var reason: ExpirationReason?
        var expected: [String]  // StoreKit, Stripe, RevenueCat, Chargebee, Dodo

        var testDescription: String { "\(state) \(period) renews:\(renews) \(reason?.rawValue ?? "")" }
    }

    static let rows: [Row] = [
        Row(state: .subscribed, period: .trial, renews: true,
            expected: ["subscribed", "trialing", "trialing", "in_trial", "active"]),
        Row(state: .subscribed, period: .trial, renews: false,
            expected: ["subscribed", "trialing", "trialing", "in_trial", "active"]),
        Row(state: .subscribed, period: .intro, renews: true,
            expected: ["subscribed", "active", "active", "active", "active"]),
        Row(state: .subscribed, period: .normal, renews: true,
            expected: ["subscribed", "active", "active", "active", "active"]),
        Row(state: .subscribed, period: .normal, renews: false,
            expected: ["subscribed", "active", "active", "non_renewing", "active"]),
        Row(state: .subscribed, period: .intro, renews: false,
            expected: ["subscribed", "active", "active", "non_renewing", "active"]),
        Row(state: .inGracePeriod, period: .normal, renews: true,
            expected: ["inGracePeriod", "past_due", "in_grace_period", "active", "on_hold"]),
        Row(state: .inGracePeriod, period: .trial, renews: true,
            expected: ["inGracePeriod", "past_due", "in_grace_period", "active", "on_hold"]),
        Row(state: .inGracePeriod, period: .normal, renews: false,
            expected: ["inGracePeriod", "past_due", "in_grace_period", "non_renewing", "on_hold"]),
        Row(state: .inBillingRetryPeriod, period: .normal, renews: true,
            expected: ["inBillingRetryPeriod", "past_due", "in_billing_retry", "active", "on_hold"]),
        Row(state: .inBillingRetryPeriod, period: .intro, renews: false,
            expected: ["inBillingRetryPeriod", "past_due", "in_billing_retry", "non_renewing", "on_hold"]),
        Row(state: .expired, period: .normal, renews: false, reason: .autoRenewDisabled,
            expected: ["expired", "canceled", "expired", "cancelled", "cancelled"]),
        Row(state: .expired, period: .trial, renews: false, reason: .autoRenewDisabled,
            expected: ["expired", "canceled", "expired", "cancelled", "cancelled"]),
        Row(state: .expired, period: .normal, renews: false, reason: .didNotConsentToPriceIncrease,
            expected: ["expired", "canceled", "expired", "cancelled", "cancelled"]),
        Row(state: .expired, period: .normal, renews: false, reason: .billingError,
            expected: ["expired", "canceled", "expired", "cancelled", "expired"]),
        Row(state: .expired, period: .normal, renews: false, reason: .productUnavailable,
            expected: ["expired", "canceled", "expired", "cancelled", "expired"]),
        Row(state: .revoked, period: .normal, renews: false,
            expected: ["revoked", "canceled", "expired", "cancelled", "cancelled"]),
        Row(state: .revoked, period: .trial, renews: true,
            expected: ["revoked", "canceled", "expired", "cancelled", "cancelled"]),
    ]

    @Test(arguments: rows)
    func eachProviderNamesTheState(_ row: Row) {
        let subscription = CustomerViewsTestSupport.subscription(state: row.state, periodType: row.period,
                                                                 willAutoRenew: row.renews, expirationReason: row.reason)
        let vocabulary = SubscriptionStatusVocabulary(subscription)
        #expect(vocabulary.ordered.map(\.term) == row.expected)
        #expect(vocabulary.ordered.map(\.provider) == SubscriptionStatusVocabulary.Provider.allCases)
    }

    /// Every combination gives one term per provider, from that provider's documented vocabulary.
    @Test func everyCombinationStaysInsideEachProvidersVocabulary() {
        let vocabularies: [SubscriptionStatusVocabulary.Provider: Set<String>] = [
            .storeKit: Set(RenewalState.allCases.map(\.rawValue)),
            .stripe: ["trialing", "active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"],
            .revenueCat: ["trialing", "active", "expired", "in_grace_period", "in_billing_retry", "paused", "unknown",
                          "incomplete"],
            .chargebee: ["future", "in_trial", "active", "non_renewing", "paused", "cancelled"],
            .dodoPayments: ["pending", "active", "on_hold", "cancelled", "failed", "expired"],
        ]
        for state in RenewalState.allCases {
            for period in PeriodType.allCases {
                for renews in [true, false] {
                    for reason in [nil] + ExpirationReason.allCases.map(Optional.some) {
                        let terms = SubscriptionStatusVocabulary.terms(for: CustomerViewsTestSupport.subscription(
                            state: state, periodType: period, willAutoRenew: renews, expirationReason: reason))
                        #expect(terms.count == 5)
                        for (provider, term) in terms {
                            #expect(vocabularies[provider]?.contains(term) == true, "\(provider) \(term)")
                        }
                        #expect(terms[.storeKit] == state.rawValue)
                    }
                }
            }
        }
    }

    @Test func providersAreOrderedAndEncodeAsKeys() throws {
        #expect(SubscriptionStatusVocabulary.Provider.allCases.sorted() == SubscriptionStatusVocabulary.Provider.allCases)
        #expect(SubscriptionStatusVocabulary.Provider.storeKit < .dodoPayments)
        let vocabulary = SubscriptionStatusVocabulary(CustomerViewsTestSupport.subscription(
            state: .inGracePeriod, periodType: .normal, willAutoRenew: true))
        let json = String(decoding: try JSONEncoder().encode(vocabulary), as: UTF8.self)
        #expect(json.contains("\"stripe\":\"past_due\""))
        #expect(try JSONDecoder().decode(SubscriptionStatusVocabulary.self, from: Data(json.utf8)) == vocabulary)
    }

    @Test func serviceNamesARealSubscriptionThroughItsLife() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.monthly").subscription)
        let trial = try await store.service.statusVocabulary(subscriptionID: subscription.id)
        #expect(trial.subscriptionID == subscription.id)
        #expect(trial[.stripe] == "trialing" && trial[.chargebee] == "in_trial" && trial[.revenueCat] == "trialing")
        _ = try await store.service.cancelAtPeriodEnd(subscriptionID: subscription.id, reason: .tooExpensive)
        try await store.advance(days: 8)
        let ended = try await store.service.statusVocabulary(subscriptionID: subscription.id)
        #expect(ended.ordered.map(\.term) == ["expired", "canceled", "expired", "cancelled", "cancelled"])
        await #expect(throws: PaymentsError.subscriptionNotFound("sub_999999")) {
            _ = try await store.service.statusVocabulary(subscriptionID: "sub_999999")
        }
    }
}
