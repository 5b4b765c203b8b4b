import Foundation
import StorefrontClient
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Whole flows through the view models over the real core (`Storefront.live`).
@MainActor
struct ViewModelsIntegrationTests {
    typealias F = ViewModelsFixtures

    func checkout(_ core: ViewModelsCoreFixture, _ account: Account, product: String = "pro.monthly",
                  session: String = "s1") async -> ViewModelTestStore<CheckoutFeature> {
        let store = ViewModelTestStore(CheckoutState(sessionID: session, productID: product, account: account),
                                       CheckoutFeature(core.client, clock: core.clock))
        // Non-exhaustive: whole checkouts against the real core (cards saved, declined and removed again, challenges,
        // approvals), checked by the status and core records they end in.
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.drain()
        return store
    }

    func typeCard(_ number: String, into store: ViewModelTestStore<CheckoutFeature>) async {
        await store.perform(.selectPayment(.newCard))
        await store.perform(.cardNumberChanged(number))
        await store.perform(.cardExpiryChanged("12/30"))
        await store.perform(.cardCVCChanged("123"))
        await store.perform(.cardPostalCodeChanged("94107"))
    }

    @Test func trialFromPaywallThroughCheckoutToBillingHistory() async throws {
        let core = try ViewModelsCoreFixture()
        _ = try await core.signedIn()
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: core.client, clock: core.clock, files: .failing))
        await store.send(.launched).value
        #expect(store.state.paywall.phase.content != nil)
        await store.send(.paywall(.selectPackage(productID: "pro.monthly"))).value
        await store.send(.paywall(.continueTapped)).value
        #expect(store.state.checkout?.phase.content?.introOfferText == "7-day free trial, then $9.99/month")
        for action: CheckoutAction in [.selectPayment(.newCard), .cardNumberChanged("4242424242424242"),
                                       .cardExpiryChanged("12/30"), .cardCVCChanged("123"), .cardPostalCodeChanged("94107")] {
            await store.send(.checkout(action)).value
        }
        await store.send(.checkout(.submitTapped)).value
        guard case let .succeeded(receipt)? = store.state.checkout?.status else {
            Issue.record("checkout did not succeed: \(String(describing: store.state.checkout?.status))")
            return
        }
        #expect(receipt.total == F.usd(0) && receipt.unlocked == ["Premium"])
        await store.send(.checkout(.doneTapped)).value
        #expect(store.state.stack.isEmpty)
        await store.send(.selectTab(.billing)).value
        #expect(store.state.billing.window?.rows.map(\.id) == [receipt.invoiceNumber])
        await store.send(.selectTab(.settings)).value
        #expect(store.state.settings.content?.subscription?.trialText == "Trial ends on Jan 8, 2026")
        #expect(store.state.settings.content?.account.isPremium == true)
    }

    /// Issue 41, item 19: a Pro monthly subscriber choosing Yearly on the paywall was offered
    /// "Upgrade" (Plans says Switch) and Enter opened Plans on Monthly.
    @Test func anotherPeriodOnThePaywallIsASwitchAndOpensPlansOnThatPeriod() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        let outcome = try await core.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly",
                                                                      paymentMethodID: card.id, idempotencyKey: "monthly"))
        guard case .purchased = outcome else {
            Issue.record("pro.monthly not purchased: \(outcome)")
            return
        }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: core.client, clock: core.clock, files: .failing))
        await store.send(.launched).value
        await store.send(.paywall(.selectPackage(productID: "pro.yearly"))).value
        #expect(store.state.paywall.callToAction == .switchPlan)
        await store.send(.paywall(.continueTapped)).value
        #expect(store.state.tab == .plans)
        #expect(store.state.plans.period == .yearly)
        #expect(store.state.plans.selectedPlanID == "pro")
        #expect(store.state.plans.selectedColumn?.action == .crossgrade)
        #expect(store.state.plans.selectedColumn?.action.title == store.state.paywall.callToAction?.title)
    }

    /// Issue 41, items 4 and 6: Monthly → Yearly at renewal is said with its date and amount in
    /// the confirm box, shown in Settings and on the paywall and Plans (not offered again),
    /// worded by cancel and resume, and undone from Settings.
    @Test func aScheduledSwitchIsVisibleEverywhereAndCanBeUndone() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        guard case .purchased = try await core.service.purchase(PurchaseRequest(
            accountID: account.id, productID: "pro.monthly", paymentMethodID: card.id, idempotencyKey: "monthly")) else {
            Issue.record("pro.monthly not purchased")
            return
        }
        let end = DateWording.day(try #require(try await core.service.subscriptions(accountID: account.id).first).currentPeriodEnd)
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: core.client, clock: core.clock, files: .failing))
        await store.send(.launched).value
        await store.send(.paywall(.selectPackage(productID: "pro.yearly"))).value
        await store.send(.paywall(.continueTapped)).value
        await store.send(.plans(.chooseTapped)).value
        let switches = "Switches to Pro Yearly on \(end): $99.99"
        #expect(store.state.plans.confirmation?.message.contains("Nothing is charged now. \(switches).") == true)
        await store.send(.plans(.confirmTapped)).value
        #expect(store.state.plans.selectedColumn?.action == .scheduled)
        await store.send(.selectTab(.settings)).value
        let summary = try #require(store.state.settings.content?.subscription)
        #expect(summary.planName == "Pro Monthly")
        #expect(summary.scheduledChangeText == switches)
        await store.send(.selectTab(.paywall)).value
        await store.send(.paywall(.selectPackage(productID: "pro.yearly"))).value
        #expect(store.state.paywall.callToAction == .scheduled)

        await store.send(.selectTab(.settings)).value
        await store.send(.settings(.cancelTapped)).value
        await store.send(.settings(.confirmCancelTapped)).value
        #expect(store.state.settings.message?.contains("The switch to Pro Yearly on \(end) will not happen.") == true)
        #expect(store.state.settings.content?.subscription?.scheduledChangeText?.hasPrefix(
            "Scheduled switch to Pro Yearly will not happen unless you resume") == true)
        await store.send(.settings(.resumeTapped)).value
        #expect(store.state.settings.message == "Your subscription renews. \(switches).")
        await store.send(.settings(.undoScheduledChangeTapped)).value
        #expect(store.state.settings.message == "The scheduled change is undone: you stay on Pro Monthly after \(end).")
        #expect(store.state.settings.content?.subscription?.scheduledChangeText == nil)
        #expect(try await core.service.subscriptions(accountID: account.id).first?.pendingProductID == nil)
    }

    @Test func insufficientFundsCardCannotBeSaved() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        let store = await checkout(core, account)
        await typeCard("4000000000009995", into: store)
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receiveAny {
            #expect($0.status == .declined(message: "Your card has insufficient funds.", advice: "Try another card."))
        }
        #expect(try await core.service.paymentMethods(accountID: account.id).isEmpty)

        let settings = ViewModelTestStore(SettingsState(sessionID: "s2"), SettingsFeature(core.client, preferences: .defaults))
        await settings.send(.retry)
        await settings.receiveReload(core.client)
        await settings.send(.addCardTapped) {
            $0.section = .paymentMethods
            $0.cardForm = CardFormState()
        }
        await settings.send(.cardNumberChanged("4000000000009995")) { $0.cardForm?.setNumber("4000000000009995") }
        await settings.send(.cardExpiryChanged("12/30")) { $0.cardForm?.setExpiry("12/30") }
        await settings.send(.cardCVCChanged("123")) { $0.cardForm?.setCVC("123") }
        await settings.send(.cardPostalCodeChanged("94107")) { $0.cardForm?.postalCode = "94107" }
        await settings.send(.saveCardTapped) { $0.isWorking = true }
        let declined = DeclineReason(code: DeclineCode.insufficientFunds.stripeCode, message: DeclineCode.insufficientFunds.message)
        await settings.receive(.cardSaved(.failure(ScreenError(PaymentsError.cardDeclined(declined))))) {
            $0.isWorking = false
            $0.message = "Your card has insufficient funds. Try another card."
        }
    }

    @Test func cardThatAttachesIsDeclinedAtPurchase() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        let store = await checkout(core, account, product: "points.500")
        await typeCard("4000000000000341", into: store)
        await store.send(.submitTapped) { $0.status = .processing }
        await store.drain()
        #expect(store.state.status == .declined(message: "Your card was declined.", advice: DeclineWording.advice(.generic)))
        // The card was saved to be charged; declined, it is removed again.
        #expect(try await core.service.paymentMethods(accountID: account.id).isEmpty)
        #expect(try await core.service.account(account.id).pointsBalance == 0)
    }

    @Test func threeDSecureApproved() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        let store = await checkout(core, account, product: "themes.lifetime")
        await typeCard("4000002500003155", into: store)
        await store.perform(.submitTapped)
        await store.drain()
        guard case .authenticating = store.state.status else {
            Issue.record("expected a 3-D Secure challenge, got \(store.state.status)")
            return
        }
        await store.perform(.authenticationAnswered(approved: true))
        await store.drain()
        guard case let .succeeded(receipt) = store.state.status else {
            Issue.record("expected success, got \(store.state.status)")
            return
        }
        #expect(receipt.unlocked == ["Theme pack"] && receipt.total == F.usd(1499))
        #expect(try await core.service.entitlements(accountID: account.id).map(\.id) == ["themes"])
    }

    /// Pays with the store account; the request the checkout then waits on, if it waits.
    func askedToBuy(_ store: ViewModelTestStore<CheckoutFeature>) async -> PendingAction? {
        await store.perform(.selectPayment(.storeAccount))
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.perform(.storePurchaseConfirmed)
        await store.drain()
        guard case let .pendingApproval(pending) = store.state.status else {
            Issue.record("expected to wait for approval, got \(store.state.status)")
            return nil
        }
        return pending
    }

    @Test func askToBuyApprovedFromTheSettingsInbox() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.desk.updateStoreControls(StoreControls(askToBuy: true))
        let store = await checkout(core, account)
        guard let pending = await askedToBuy(store) else { return }

        let settings = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(core.client, preferences: .defaults))
        await settings.send(.retry)
        await settings.receiveReload(core.client)
        #expect(settings.state.qa.pendingActions.map(\.id) == [pending.id])
        #expect(settings.state.qa.controls?.askToBuy == true)
        await settings.send(.approvePending(id: pending.id)) { $0.qa.resolvingID = pending.id }
        await settings.receive(.pendingResolved(.success("Approved ask to buy for Pro Monthly."))) {
            $0.qa.resolvingID = nil
            $0.qa.inboxMessage = "Approved ask to buy for Pro Monthly."
            $0.qa.pendingActions = []
        }
        await settings.receiveReload(core.client)
        #expect(settings.state.qa.inboxMessage == "Approved ask to buy for Pro Monthly.")
        #expect(settings.state.qa.pendingActions.isEmpty)
        #expect(settings.state.content?.subscription?.subscription.productID == "pro.monthly")
        #expect(settings.state.qa.vocabulary?[.storeKit] == "subscribed")

        await store.perform(.checkPendingApproval)
        await store.drain()
        guard case .succeeded = store.state.status else {
            Issue.record("checkout did not hear the approval: \(store.state.status)")
            return
        }
    }

    /// The waiting checkout hears a decline from the store, not from the merchant's feed (which,
    /// once the App Store is a simulator of its own, never hears of it).
    @Test func askToBuyDeclinedEndsTheWaitingCheckout() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.desk.updateStoreControls(StoreControls(askToBuy: true))
        let store = await checkout(core, account)
        guard let pending = await askedToBuy(store) else { return }
        await store.perform(.checkPendingApproval)
        await store.drain()
        #expect(store.state.status == .pendingApproval(pending))
        try await core.client.testControls.declinePurchase(pending.id)
        await store.perform(.checkPendingApproval)
        await store.drain()
        #expect(store.state.status == .declined(message: "Your request to buy was declined.",
                                                advice: "Ask again or choose something else."))
        #expect(try await core.service.entitlements(accountID: account.id).isEmpty)
    }

    @Test func doubleSubmitChargesOnce() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let store = await checkout(core, account, product: "points.500")
        await store.send(.submitTapped) { $0.status = .processing }
        await store.send(.submitTapped)
        await store.drain()
        // The same session and attempt again, as after a crash and relaunch: the same key.
        let again = await checkout(core, account, product: "points.500")
        await again.perform(.submitTapped)
        await again.drain()
        guard case let .succeeded(first) = store.state.status, case let .succeeded(second) = again.state.status else {
            Issue.record("expected both to report success")
            return
        }
        #expect(first.invoiceNumber == second.invoiceNumber)
        let invoices = try await core.service.invoices(accountID: account.id, query: InvoiceQuery())
        #expect(invoices.items.count == 1)
        #expect(try await core.service.account(account.id).pointsBalance == 500)
    }

    @Test func billingHistoryPagesOverHundredsOfInvoices() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let count = 300
        for index in 0..<count {
            let outcome = try await core.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500",
                                                                          idempotencyKey: "seed.\(index)"))
            guard case .purchased = outcome else {
                Issue.record("seed purchase \(index) failed: \(outcome)")
                return
            }
        }
        let store = ViewModelTestStore(BillingHistoryState(account: account, viewportHeight: 20, pageSize: 50),
                                       BillingHistoryFeature(core.client, files: .failing))
        // Non-exhaustive: 70 scrolls over 300 real invoices, checked by every row having been seen, not each page load.
        store.exhaustivity = .off
        await store.perform(.onAppear)
        await store.drain()
        var seen = Set<String>()
        for _ in 0..<(count / 10 + 5) {
            seen.formUnion(store.state.visibleRows.map(\.id))
            await store.perform(.moveSelection(by: 10))
            await store.drain()
        }
        seen.formUnion(store.state.visibleRows.map(\.id))
        #expect(store.state.selection == count - 1)
        #expect(store.state.window?.endReached == true)
        #expect(seen.count == count)
        #expect((store.state.window?.rows.count ?? 0) <= InvoiceWindow.maxPages * 50)
        for _ in 0..<(count / 10 + 5) {
            await store.perform(.moveSelection(by: -10))
            await store.drain()
        }
        #expect(store.state.selection == 0)
        #expect(store.state.window?.firstPage == 0)
    }
}
