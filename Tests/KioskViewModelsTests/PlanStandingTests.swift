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

        let paywall = ViewModelTestStore(PaywallState(account: account), PaywallFeature(client: core.client))
        // Non-exhaustive: only the plan standing each screen words is the point, not the loads that lead to it.
        paywall.exhaustivity = .off
        await paywall.perform(.onAppear)
        await paywall.drain()
        #expect(paywall.state.phase.content?.plan == standing)

        let plans = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: account),
                                       PlanComparisonFeature(client: core.client))
        // Non-exhaustive: only the plan standing each screen words is the point, not the loads that lead to it.
        plans.exhaustivity = .off
        await plans.perform(.onAppear)
        await plans.drain()
        let content = try #require(plans.state.phase.content)
        #expect(content.standing == standing)
        #expect(content.columns.map(\.isCurrent) == [false, true, false])
        #expect(content.columns.map(\.action) == [.included, .subscribe, .subscribe])

        let settings = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(client: core.client, preferences: .defaults))
        // Non-exhaustive: only the plan standing each screen words is the point, not the loads that lead to it.
        settings.exhaustivity = .off
        await settings.perform(.retry)
        await settings.drain()
        let settingsContent = try #require(settings.state.content)
        #expect(settingsContent.account.plan == standing)
        #expect(settingsContent.account.planText == "Pro from Season pass, until Apr 1, 2026")
        // The refund ended the subscription today (a day after purchase), not at the end of the year.
        #expect(settingsContent.subscription?.renewalText == "Ended on Jan 2, 2026")
    }

    @Test func buyingThePlanAgainWhileThePassLastsWarnsFirst() async throws {
        let (core, account) = try await refundedWithPass()
        let checkout = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.yearly", account: account),
                                          CheckoutFeature(client: core.client, clock: core.clock))
        // Non-exhaustive: only the plan standing each screen words is the point, not the loads that lead to it.
        checkout.exhaustivity = .off
        await checkout.perform(.onAppear)
        await checkout.drain()
        #expect(checkout.state.phase.content?.duplicateWarning
                == "You already have Premium from Season pass until Apr 1, 2026.")

        let points = ViewModelTestStore(CheckoutState(sessionID: "s2", productID: "points.500", account: account),
                                        CheckoutFeature(client: core.client, clock: core.clock))
        // Non-exhaustive: only the plan standing each screen words is the point, not the loads that lead to it.
        points.exhaustivity = .off
        await points.perform(.onAppear)
        await points.drain()
        #expect(points.state.phase.content != nil && points.state.phase.content?.duplicateWarning == nil)
    }
}
