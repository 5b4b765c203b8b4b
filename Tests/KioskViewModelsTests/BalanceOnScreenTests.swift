import Foundation
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Issue 41, items 2 and 7, end to end on the real core and its manual clock: the account balance
/// is shown, every screen's "$X from your balance, $Y on Visa 4242" is what the charge then takes,
/// and the refund dialog says exactly what the refund then does.
@MainActor
struct BalanceOnScreenTests {
    /// Pro yearly, then 315 days later an upgrade to Max monthly: the credit for the 50 unused
    /// days pays part of Max, the card the rest.
    func upgraded(_ core: ViewModelsCoreFixture) async throws -> (Account, Invoice) {
        let account = try await core.signedIn()
        try await core.addCard(account)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        guard case .purchased = try await core.service.purchase(PurchaseRequest(
            accountID: account.id, productID: "pro.yearly", paymentMethodID: card.id, idempotencyKey: "yearly")) else {
            throw UpgradeSetupFailure.notPurchased
        }
        core.clock.set(core.clock.now.addingTimeInterval(315 * 86_400))
        let id = try #require(try await core.service.subscriptions(accountID: account.id).first).id
        guard case let .changed(_, invoice) = try await core.service.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.monthly")) else {
            throw UpgradeSetupFailure.notUpgraded
        }
        return (account, invoice)
    }

    enum UpgradeSetupFailure: Error { case notPurchased, notUpgraded }

    func settings(_ core: ViewModelsCoreFixture) async -> ViewModelTestStore<SettingsFeature> {
        let store = ViewModelTestStore(SettingsState(sessionID: "s2"), SettingsFeature(core.client, preferences: .defaults))
        store.exhaustivity = .off
        await store.perform(.retry)
        await store.drain()
        return store
    }

    func balance(_ core: ViewModelsCoreFixture, _ account: Account) async throws -> Money {
        Money(minorUnits: try await core.service.account(account.id).creditBalance, currency: .usd)
    }

    @Test func theRefundDialogSaysWhatTheRefundOfAnUpgradeThenDoes() async throws {
        let core = try ViewModelsCoreFixture()
        let (account, upgrade) = try await upgraded(core)
        #expect(upgrade.total.minorUnits > 0 && upgrade.lines.contains { $0.kind == .prorationCredit })
        let store = await settings(core)
        #expect(store.state.content?.latestPaidInvoice?.id == upgrade.id)
        #expect(store.state.content?.account.creditBalanceText == nil)
        await store.perform(.refundTapped)
        let dialog = try #require(store.state.confirmation)

        let before = try await balance(core, account)
        await store.perform(.confirmTapped)
        await store.drain()
        let refund = try #require(try await core.service.invoices(accountID: account.id, query: InvoiceQuery()).items
            .first { $0.refundOf == upgrade.id })
        let toBalance = try await balance(core, account).subtracting(before)
        let subscription = try #require(try await core.service.subscriptions(accountID: account.id).first)
        // What the refund did, worded independently of the dialog's computation.
        #expect(subscription.state == .revoked)
        #expect(dialog.title == "Refund \(try refund.total.negated.adding(toBalance).formatted())?")
        #expect(dialog.message == "\(upgrade.description) (invoice \(upgrade.id), \(DateWording.day(upgrade.createdAt))). "
            + "Refund \(refund.total.negated.formatted()) to Visa 4242 and \(toBalance.formatted()) to your account "
            + "balance (with the credit for your earlier plan's unused time). Max Monthly ends now; nothing more is charged.")
        #expect(toBalance.minorUnits > 0)
        // The balance is then shown in Account and, while subscribed, Subscription.
        #expect(store.state.content?.account.creditBalanceText == toBalance.formatted())
        #expect(try await core.service.checkInvariants() == [])
    }

    @Test func checkoutSaysTheSplitTheChargeThenTakes() async throws {
        let core = try ViewModelsCoreFixture()
        let (account, upgrade) = try await upgraded(core)
        _ = try await core.service.refund(invoiceID: upgrade.id, idempotencyKey: nil)
        let kept = try await balance(core, account)
        #expect(kept.minorUnits > 0 && kept.minorUnits < 1499)
        let signedIn = try await core.service.account(account.id)
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "themes.lifetime", account: signedIn),
                                       CheckoutFeature(core.client, clock: core.clock))
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.drain()
        let summary = try #require(store.state.phase.content)
        let split = try #require(summary.balanceSplit)
        #expect(split.fromBalance == kept)
        #expect(summary.totalDueToday == split.onCard)
        #expect(PaymentSplitWording.text(split, card: "Visa 4242")
            == "\(kept.formatted()) from your balance, \(try Money(minorUnits: 1499, currency: .usd).subtracting(kept).formatted()) on Visa 4242")
        await store.perform(.submitTapped)
        await store.drain()
        let invoice = try #require(try await core.service.invoices(accountID: account.id, query: InvoiceQuery()).items.first)
        #expect(invoice.productID == "themes.lifetime")
        #expect(invoice.total == split.onCard)
        #expect(invoice.lines.filter { $0.kind == .appliedBalance }.map(\.amount) == [split.fromBalance.negated])
        #expect(try await balance(core, account).minorUnits == 0)
    }

    @Test func thePlanChangePreviewSaysTheSplitTheChangeThenTakes() async throws {
        let core = try ViewModelsCoreFixture()
        let (account, upgrade) = try await upgraded(core)
        _ = try await core.service.refund(invoiceID: upgrade.id, idempotencyKey: nil)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        guard case .purchased = try await core.service.purchase(PurchaseRequest(
            accountID: account.id, productID: "pro.monthly", paymentMethodID: card.id, idempotencyKey: "monthly")) else {
            Issue.record("pro.monthly not purchased"); return
        }
        let kept = try await balance(core, account)
        #expect(kept.minorUnits > 0)
        let settings = await settings(core)
        #expect(settings.state.content?.account.creditBalanceText == kept.formatted())

        let signedIn = try await core.service.account(account.id)
        let plans = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: signedIn),
                                       PlanComparisonFeature(core.client))
        plans.exhaustivity = .off
        await plans.perform(.onAppear)
        await plans.drain()
        await plans.perform(.selectPlan(planID: "max"))
        await plans.drain()
        guard case let .loaded(summary)? = plans.state.preview else { Issue.record("no preview"); return }
        let preview = summary.preview
        #expect(preview.toProductID == "max.monthly" && preview.appliedBalance == kept)
        #expect(summary.paidWith == "\(kept.formatted()) from your balance, \(preview.chargeNow.formatted()) on Visa 4242")
        #expect(PlanComparisonFeature.confirmationMessage(summary, catalog: ViewModelsFixtures.catalog)
            .hasPrefix("Charged now: \(summary.paidWith ?? "?") (credit for unused time"))
        await plans.perform(.chooseTapped)
        await plans.perform(.confirmTapped)
        await plans.drain()
        let invoice = try #require(try await core.service.invoices(accountID: account.id, query: InvoiceQuery()).items.first)
        #expect(invoice.kind == .planChange)
        #expect(invoice.total == preview.chargeNow)
        #expect(invoice.lines.filter { $0.kind == .appliedBalance }.map(\.amount) == [kept.negated])
        #expect(try await balance(core, account).minorUnits == 0)
    }
}
