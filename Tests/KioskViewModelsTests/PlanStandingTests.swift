import Foundation
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// One answer to "what plan am I on?": after a refunded Pro subscription with a season pass
/// still running, the paywall, the plan comparison, the account card and the core's customer
/// info all say Pro from the pass, the refunded subscription ended today, and buying the plan
/// again warns that the access is already there.
@MainActor
struct PlanStandingTests {
    typealias F = ViewModelsFixtures

    static var catalog: Catalog {
        var catalog = F.catalog
        catalog.products.append(OneTimeProduct(id: "season.pass", type: .nonRenewing, name: "Season pass", price: 2999,
                                               duration: ISODuration(months: 3), entitlement: "premium"))
        return catalog
    }

    /// Pro yearly bought and refunded, a season pass bought in between.
    func refundedWithPass() async throws -> (ViewModelsCoreFixture, Account) {
        let core = try ViewModelsCoreFixture(catalog: Self.catalog)
        let account = try await core.signedIn()
        try await core.addCard(account)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        var invoiceID = ""
        for product in ["pro.yearly", "season.pass"] {
            let outcome = try await core.service.purchase(PurchaseRequest(accountID: account.id, productID: product,
                                                                          paymentMethodID: card.id, idempotencyKey: product))
            guard case let .purchased(receipt) = outcome else {
                Issue.record("\(product) not purchased: \(outcome)")
                continue
            }
            if product == "pro.yearly" { invoiceID = receipt.invoice.id }
        }
        core.clock.advance(by: 86_400)
        _ = try await core.service.refund(invoiceID: invoiceID, idempotencyKey: "refund")
        return (core, account)
    }

    @Test func everyScreenSaysTheSamePlan() async throws {
        let (core, account) = try await refundedWithPass()
        let standing = try await core.service.customerInfo(accountID: account.id).plan
        let passEnd = try ISODuration(months: 3).advance(F.start)
        #expect(standing == PlanStanding(planID: "pro", planName: "Pro",
                                         basis: .pass(productID: "season.pass", productName: "Season pass", until: passEnd)))
        #expect(PlanStandingWording.standing(standing) == "Pro from Season pass, until Apr 1, 2026")

        let client = core.client
        let paywall = ViewModelTestStore(PaywallState(account: account), PaywallFeature(client))
        await paywall.send(.onAppear)
        let paywallData = PaywallData(catalog: try await client.accounts.catalog(), account: account,
                                      eligibleForIntroOffer: try await client.accounts.isEligibleForIntroOffer(account.id),
                                      subscriptions: try await client.plans.subscriptions(account.id),
                                      entitlements: try await client.plans.entitlements(account.id))
        let paywallContent = try #require(PaywallContent.make(paywallData))
        await paywall.receive(.loaded(.success(paywallData))) {
            $0.phase = .loaded(paywallContent)
            $0.selectedProductID = "pro.yearly"
        }
        #expect(paywall.state.phase.content?.plan == standing)

        let plans = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: account),
                                       PlanComparisonFeature(client))
        await plans.send(.onAppear)
        let plansData = PlanComparisonData(catalog: try await client.accounts.catalog(), account: account,
                                           subscription: try await client.plans.subscriptions(account.id).first { $0.isActive },
                                           entitlements: try await client.plans.entitlements(account.id))
        #expect(plansData.subscription == nil)
        let content = try #require(PlanComparisonContent.make(plansData, period: plans.state.period))
        await plans.receive(.loaded(.success(plansData))) {
            $0.data = plansData
            $0.phase = .loaded(content)
            $0.selectedPlanID = "pro"
        }
        #expect(content.standing == standing)
        #expect(content.columns.map(\.isCurrent) == [false, true, false])
        #expect(content.columns.map(\.action) == [.included, .subscribe, .subscribe])

        let settings = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(client, preferences: .defaults))
        await settings.send(.retry)
        let settingsData = try await SettingsFeature(client, preferences: .defaults).fetch()
        await settings.receive(.loaded(.success(settingsData))) { $0.reload(settingsData) }
        let settingsContent = try #require(settings.state.content)
        #expect(settingsContent.account.plan == standing)
        #expect(settingsContent.account.planText == "Pro from Season pass, until Apr 1, 2026")
        // The refund ended the subscription today (a day after purchase), not at the end of the year.
        #expect(settingsContent.subscription?.renewalText == "Ended on Jan 2, 2026")
    }

    @Test func buyingThePlanAgainWhileThePassLastsWarnsFirst() async throws {
        let (core, account) = try await refundedWithPass()
        let checkout = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.yearly", account: account),
                                          CheckoutFeature(core.client, clock: core.clock))
        await checkout.send(.onAppear)
        try await receiveCheckoutLoad(checkout, core, account)
        #expect(checkout.state.phase.content?.duplicateWarning
                == "You already have Premium from Season pass until Apr 1, 2026.")

        let points = ViewModelTestStore(CheckoutState(sessionID: "s2", productID: "points.500", account: account),
                                        CheckoutFeature(core.client, clock: core.clock))
        await points.send(.onAppear)
        try await receiveCheckoutLoad(points, core, account)
        #expect(points.state.phase.content != nil && points.state.phase.content?.duplicateWarning == nil)
    }

    /// Receives a checkout load of what the core holds for `account`: its one saved card is chosen, and with the
    /// subscription refunded nothing is a plan change.
    func receiveCheckoutLoad(_ store: ViewModelTestStore<CheckoutFeature>, _ core: ViewModelsCoreFixture,
                             _ account: Account, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let client = core.client
        let cards = try await client.wallet.paymentMethods(account.id)
        let card = try #require(cards.first, sourceLocation: sourceLocation)
        let data = CheckoutData(catalog: try await client.accounts.catalog(), account: account,
                                eligibleForIntroOffer: try await client.accounts.isEligibleForIntroOffer(account.id),
                                paymentMethods: cards, planChange: nil, now: try await client.accounts.now(account.id),
                                entitlements: try await client.plans.entitlements(account.id))
        let summary = try #require(OrderSummary.make(productID: store.state.productID, data: data, promo: nil),
                                   sourceLocation: sourceLocation)
        await store.receive(.loaded(.success(data)), sourceLocation: sourceLocation) {
            $0.data = data
            $0.now = data.now
            $0.savedCards = cards
            $0.payment = .savedCard(paymentMethodID: card.id)
            $0.phase = .loaded(summary)
        }
    }
}
