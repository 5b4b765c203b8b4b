import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct SettingsFeatureTests {
    typealias F = ViewModelsFixtures

    /// A signed-in Ada with a Pro subscription, one card, one paid invoice and a quiet store.
    func client(subscription: Subscription? = F.subscription(), account: Account? = F.account()) -> Storefront {
        var client = Storefront()
        client.accounts.signedInAccount = { account }
        client.accounts.accounts = { [F.account(), F.account("acct_2")] }
        client.testControls.storeControls = { StoreControls() }
        client.testControls.pendingActions = { _ in [] }
        client.feed.events = { _, _, _ in [] }
        client.accounts.catalog = { F.catalog }
        client.plans.subscriptions = { _ in subscription.map { [$0] } ?? [] }
        client.plans.entitlements = { _ in
            [Entitlement(id: "premium", source: .subscription(id: "sub_1", productID: "pro.monthly", state: .subscribed),
                         expiresAt: nil, willRenew: true, periodType: .normal)]
        }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.billing.usage = { _ in [] }
        client.billing.invoices = { _, _ in Page(items: [F.invoice(3)], nextCursor: nil) }
        client.billing.pointsLedger = { _, _, _ in Page(items: [], nextCursor: nil) }
        client.accounts.now = { _ in F.start }
        client.plans.statusVocabulary = { _ in SubscriptionStatusVocabulary(F.subscription()) }
        client.testControls.webhookDeliveries = { [] }
        return client
    }

    func loaded(_ client: Storefront, preferences: PreferencesClient = .defaults) async -> ViewModelTestStore<SettingsFeature> {
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(client, preferences: preferences))
        await store.send(.retry) { $0.phase = .loading }
        await store.receiveReload(client)
        #expect(store.state.content != nil)
        return store
    }

    @Test func loadWordsAccountSubscriptionAndVocabulary() async throws {
        var stub = client()
        stub.billing.usage = { _ in
            [UsageMeter(featureID: "projects", featureName: "Projects per month", kind: .limit, limit: 3, used: 2,
                        resetsAt: try ISODuration(months: 1).advance(F.start), nextAvailableAt: nil),
             UsageMeter(featureID: "refresh", featureName: "Refresh interval", kind: .interval, limit: nil, used: 1,
                        resetsAt: nil, nextAvailableAt: F.start.addingTimeInterval(3600))]
        }
        let store = await loaded(stub)
        let content = try #require(store.state.content)
        #expect(content.account == AccountSummary(
            name: "Ada", email: "ada@example.com", customerID: "acct_1",
            plan: PlanStanding(planID: "pro", planName: "Pro",
                               basis: .subscription(productID: "pro.monthly", state: .subscribed, willRenew: true, until: nil)),
            pointsBalance: 0, creditBalance: Money(minorUnits: 0, currency: .usd)))
        #expect(content.account.planText == "Pro" && content.account.isPremium)
        #expect(content.account.creditBalanceText == nil)
        let subscription = try #require(content.subscription)
        #expect(subscription.planName == "Pro Monthly")
        #expect(subscription.statusWords == "Active")
        #expect(subscription.renewalText == "Renews on Feb 1, 2026")
        #expect(subscription.billingIssueBanner == nil && subscription.canCancel && !subscription.canResume)
        #expect(content.latestPaidInvoice?.id == "INV-000003")
        #expect(content.usage.map(\.usedText) == ["2 of 3 used", "1 used"])
        #expect(content.usage.map(\.used) == [2, 1])
        #expect(content.usage.map(\.limit) == [3, nil])
        #expect(content.usage.map(\.timingText) == ["Resets on Feb 1, 2026", "Next refresh available at Jan 1, 2026 at 01:00 UTC"])
        #expect(store.state.qa.vocabulary?[.stripe] == "active")
        #expect(store.state.qa.clock == nil)
    }

    @Test func billingIssueShowsBannerAndIsListedInTheQAPanel() async throws {
        var grace = F.subscription(state: .inGracePeriod)
        grace.gracePeriodEndsAt = try ISODuration(days: 16).advance(F.start)
        let store = await loaded(client(subscription: grace))
        let content = try #require(store.state.content)
        #expect(content.subscription?.statusWords.hasPrefix("Payment problem, retrying; access until ") == true)
        #expect(content.subscription?.billingIssueBanner
            == "Your last payment failed. Update your payment method to keep Pro Monthly after Jan 17, 2026.")
        #expect(content.billingIssues.map(\.stateWords) == content.subscription.map { [$0.statusWords] })
        await store.send(.updatePaymentMethodTapped) {
            $0.section = .paymentMethods
            $0.cardForm = CardFormState()
        }
    }

    @Test func cancelWithSurveyThenResume() async throws {
        let reasons = Mutex<[CancellationReason?]>([])
        var stub = client()
        stub.plans.cancelAtPeriodEnd = { _, reason in
            reasons.withLock { $0.append(reason) }
            var cancelled = F.subscription()
            cancelled.willAutoRenew = false
            return cancelled
        }
        stub.plans.resume = { _ in F.subscription() }
        let store = await loaded(stub)
        await store.send(.cancelTapped) { $0.survey = CancellationSurvey() }
        await store.send(.surveyReasonSelected(.tooExpensive)) { $0.survey?.reason = .tooExpensive }
        await store.send(.confirmCancelTapped) {
            $0.survey = nil
            $0.isWorking = true
        }
        await store.send(.confirmCancelTapped)
        var cancelled = F.subscription()
        cancelled.willAutoRenew = false
        await store.receive(.cancelFinished(.success(cancelled))) {
            $0.isWorking = false
            $0.message = "Your subscription will not renew. You keep access until Feb 1, 2026."
        }
        await store.receiveReload(stub)
        #expect(reasons.withLock { $0 } == [.tooExpensive])
        #expect(CancellationSurvey.choices.count == CancellationReason.allCases.count)

        // The reload after cancelling sees auto-renew off: resume becomes possible.
        let resumable = SubscriptionSummary.make(cancelled, catalog: F.catalog)
        #expect(resumable.renewalText == "Expires on Feb 1, 2026" && resumable.canResume && !resumable.canCancel)
        let reloaded = data(subscription: cancelled)
        await store.send(.loaded(.success(reloaded))) { $0.reload(reloaded) }
        await store.send(.resumeTapped) {
            $0.isWorking = true
            $0.message = nil
        }
        await store.receive(.resumeFinished(.success(F.subscription()))) {
            $0.isWorking = false
            $0.message = "Your subscription renews on Feb 1, 2026."
        }
        await store.receiveReload(stub)
    }

    func data(subscription: Subscription) -> SettingsData {
        var data = SettingsData(account: F.account(), accounts: [F.account()], catalog: F.catalog, controls: StoreControls(),
                                pendingActions: [], events: [])
        data.subscriptions = [subscription]
        data.paymentMethods = [F.card()]
        data.latestPaidInvoice = F.invoice(3)
        data.now = F.start
        return data
    }

    @Test func refundAsksFirstAndUsesOneKeyPerAttempt() async throws {
        let keys = Mutex<[String?]>([])
        var stub = client()
        stub.billing.refund = { _, key in
            keys.withLock { $0.append(key) }
            return RefundOutcome(refund: F.invoice(4), original: F.invoice(3), revokedSubscription: nil)
        }
        let store = await loaded(stub)
        let confirmation = Confirmation(
            title: "Refund $9.99?",
            message: "Pro monthly (invoice INV-000003, Jan 4, 2026). Refund $9.99 to Visa 4242. What it paid for ends now.",
            confirmTitle: "Refund")
        await store.send(.refundTapped) {
            $0.confirmation = confirmation
            $0.pendingConfirmation = .refund(invoiceID: "INV-000003")
        }
        await store.send(.dismissConfirmation) {
            $0.confirmation = nil
            $0.pendingConfirmation = nil
        }
        await store.send(.refundTapped) {
            $0.confirmation = confirmation
            $0.pendingConfirmation = .refund(invoiceID: "INV-000003")
        }
        await store.send(.confirmTapped) {
            $0.confirmation = nil
            $0.pendingConfirmation = nil
            $0.isWorking = true
            $0.refundAttempt = 1
        }
        await store.receive(.refundFinished(.success(RefundOutcome(refund: F.invoice(4), original: F.invoice(3),
                                                                   revokedSubscription: nil)))) {
            $0.isWorking = false
            $0.message = "Refunded $9.99 for invoice INV-000003."
        }
        await store.receiveReload(stub)
        #expect(keys.withLock { $0 } == ["s1.refund.INV-000003.1"])
    }

    @Test func restoreListsWhatCameBackOrWhyNot() async throws {
        let restored = RestoredSubscription(id: "sub_1", planID: "pro", productID: "pro.monthly", storeStatus: .active,
                                            renewalState: .subscribed, hasBillingIssue: false, hasAccess: true,
                                            willAutoRenew: true, expiresAt: try ISODuration(months: 1).advance(F.start))
        var stub = client()
        stub.purchases.restorePurchases = { _ in F.restored([restored]) }
        let store = await loaded(stub)
        await store.send(.restoreTapped) { $0.isWorking = true }
        await store.receive(.restoreFinished(.success(F.restored([restored])))) {
            $0.isWorking = false
            $0.restoredLines = ["Pro Monthly: active, renews Feb 1, 2026"]
            $0.message = "Restored Pro Monthly."
        }
        await store.receiveReload(stub)

        var failing = client()
        failing.purchases.restorePurchases = { _ in throw PaymentsError.restore(.noReceipt) }
        let other = await loaded(failing)
        await other.send(.restoreTapped) { $0.isWorking = true }
        await other.receive(.restoreFinished(.failure(ScreenError(PaymentsError.restore(.noReceipt))))) {
            $0.isWorking = false
            $0.message = "There are no purchases on this account to restore."
        }
    }

    @Test func addCardValidatesThenSavesAndClearsTheForm() async throws {
        let saved = Mutex<[CardDetails]>([])
        var stub = client()
        stub.wallet.addCard = { _, card, makeDefault in
            #expect(!makeDefault)
            saved.withLock { $0.append(card) }
            return F.card("pm_2")
        }
        let store = await loaded(stub)
        await store.send(.addCardTapped) {
            $0.section = .paymentMethods
            $0.cardForm = CardFormState()
        }
        await store.send(.cardNumberChanged("4242424242424242")) { $0.cardForm?.setNumber("4242424242424242") }
        await store.send(.saveCardTapped) { state in
            let problems = Self.problems(state.cardForm)
            state.cardForm?.errors = problems
        }
        #expect(store.state.cardForm?.errors.expiry != nil && !store.state.isWorking)
        await typeCardDetails(into: store)
        await store.send(.saveCardTapped) { $0.isWorking = true }
        await store.receive(.cardSaved(.success(F.card("pm_2")))) {
            $0.cardForm = nil
            $0.isWorking = false
            $0.message = "Added Visa ending in 4242."
        }
        await store.receiveReload(stub)
        #expect(saved.withLock { $0.count } == 1)
    }

    @Test func declinedCardShowsTheDeclineAndKeepsTheForm() async throws {
        var stub = client()
        let reason = DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds.")
        stub.wallet.addCard = { _, _, _ in throw PaymentsError.cardDeclined(reason) }
        let store = await loaded(stub)
        await store.send(.addCardTapped) {
            $0.section = .paymentMethods
            $0.cardForm = CardFormState()
        }
        await store.send(.cardNumberChanged("4000000000009995")) { $0.cardForm?.setNumber("4000000000009995") }
        await typeCardDetails(into: store)
        await store.send(.saveCardTapped) { $0.isWorking = true }
        await store.receive(.cardSaved(.failure(ScreenError(PaymentsError.cardDeclined(reason))))) {
            $0.isWorking = false
            $0.message = "Your card has insufficient funds. Try another card."
        }
        #expect(store.state.cardForm != nil)
    }

    /// Types the expiry, security code and postal code every test card here shares.
    func typeCardDetails(into store: ViewModelTestStore<SettingsFeature>) async {
        await store.send(.cardExpiryChanged("12/30")) { $0.cardForm?.setExpiry("12/30") }
        await store.send(.cardCVCChanged("123")) { $0.cardForm?.setCVC("123") }
        await store.send(.cardPostalCodeChanged("94107")) {
            $0.cardForm?.postalCode = "94107"
            $0.cardForm?.errors.postalCode = nil
        }
    }

    /// What saving `form` complains about at the fixtures' store time.
    static func problems(_ form: CardFormState?) -> CardValidationErrors {
        guard case let .failure(problems)? = form?.details(now: F.start) else { return CardValidationErrors() }
        return problems
    }

    @Test func removeAndSetDefaultCard() async throws {
        let calls = Mutex<[String]>([])
        var stub = client()
        stub.wallet.paymentMethods = { _ in
            var second = F.card("pm_2")
            second.isDefault = false
            second.last4 = "4444"
            second.brand = "mastercard"
            return [F.card(), second]
        }
        stub.wallet.removePaymentMethod = { id in calls.withLock { $0.append("remove \(id)") } }
        stub.wallet.setDefaultPaymentMethod = { id in calls.withLock { $0.append("default \(id)") } }
        let store = await loaded(stub)
        await store.send(.setDefaultTapped(paymentMethodID: "pm_1"))
        await store.send(.setDefaultTapped(paymentMethodID: "pm_2")) { $0.isWorking = true }
        await store.receive(.defaultSet(.success("Mastercard ending in 4444"))) {
            $0.isWorking = false
            $0.message = "Mastercard ending in 4444 is now your default card."
        }
        await store.receiveReload(stub)
        await store.send(.removeCardTapped(paymentMethodID: "pm_2")) {
            $0.confirmation = Confirmation(title: "Remove Mastercard ending in 4444?",
                                           message: "It will no longer be charged for purchases or renewals.",
                                           confirmTitle: "Remove")
            $0.pendingConfirmation = .removeCard(paymentMethodID: "pm_2")
        }
        await store.send(.confirmTapped) {
            $0.confirmation = nil
            $0.pendingConfirmation = nil
            $0.isWorking = true
            $0.message = nil
        }
        await store.receive(.cardRemoved(.success("pm_2"))) {
            $0.isWorking = false
            $0.message = "Card removed."
        }
        await store.receiveReload(stub)
        #expect(calls.withLock { $0 } == ["default pm_2", "remove pm_2"])
    }

    @Test func switchCreateAndSignOutTellTheShell() async throws {
        let signedIn = Mutex<[String]>([])
        var stub = client()
        stub.accounts.signIn = { id in signedIn.withLock { $0.append(id) } }
        stub.accounts.signOut = { signedIn.withLock { $0.append("out") } }
        stub.accounts.createAccount = { new in
            #expect(new.email == "grace@example.com" && new.name == "Grace")
            return F.account("acct_3")
        }
        let store = await loaded(stub)
        await store.send(.switchAccount(accountID: "acct_1"))
        await store.send(.switchAccount(accountID: "acct_2")) { $0.isWorking = true }
        await store.receive(.signedIn(.success("acct_2"))) {
            $0.isWorking = false
            $0.message = "Signed in as Ada."
            $0.phase = .loading
        }
        await store.receive(.delegate(.accountChanged))
        await store.receiveReload(stub)

        await store.send(.createAccountTapped) {
            $0.section = .accounts
            $0.newAccount = NewAccountForm()
        }
        await store.send(.newAccountNameChanged("Grace")) { $0.newAccount?.name = "Grace" }
        await store.send(.submitNewAccount) { $0.message = "Enter an email address like ada@example.com." }
        await store.send(.newAccountEmailChanged("grace@example.com")) { $0.newAccount?.email = "grace@example.com" }
        await store.send(.submitNewAccount) {
            $0.isWorking = true
            $0.message = nil
        }
        await store.receive(.accountCreated(.success(F.account("acct_3")))) {
            $0.newAccount = nil
            $0.isWorking = false
            $0.message = "Created Ada and signed in."
            $0.phase = .loading
        }
        await store.receive(.delegate(.accountChanged))
        await store.receiveReload(stub)

        await store.send(.signOutTapped) {
            $0.confirmation = Confirmation(title: "Sign out of Ada?", message: "You can sign in again from Accounts.",
                                           confirmTitle: "Sign out")
            $0.pendingConfirmation = .signOut
        }
        await store.send(.confirmTapped) {
            $0.confirmation = nil
            $0.pendingConfirmation = nil
            $0.isWorking = true
            $0.message = nil
        }
        await store.receive(.signedOut(.success("acct_1"))) {
            $0.isWorking = false
            $0.message = "Signed out."
            $0.phase = .loading
        }
        await store.receive(.delegate(.accountChanged))
        await store.receiveReload(stub)
        #expect(signedIn.withLock { $0 } == ["acct_2", "acct_3", "out"])
    }

    @Test func signedOutIsTheEmptyStateWithAccountsToChoose() async {
        let signedOut = client(account: nil)
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"),
                                       SettingsFeature(signedOut, preferences: .defaults))
        await store.send(.retry) { $0.phase = .loading }
        await store.receiveReload(signedOut)
        #expect(store.state.phase == .empty && store.state.accounts.map(\.id) == ["acct_1", "acct_2"])
    }

    @Test func preferencesAreKeptAndSaved() async {
        let saved = Mutex<[Preferences]>([])
        let preferences = PreferencesClient(load: { Preferences(theme: .monochrome) },
                                            save: { value in saved.withLock { $0.append(value) } })
        let stub = client()
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"),
                                       SettingsFeature(stub, preferences: preferences))
        await store.send(.onAppear)
        await store.receiveReload(stub)
        await store.receive(.preferencesLoaded(.success(Preferences(theme: .monochrome)))) { $0.preferences.theme = .monochrome }
        await store.send(.themeSelected(.highContrast)) { $0.preferences.theme = .highContrast }
        await store.receive(.preferencesSaved(.success(Preferences(theme: .highContrast))))
        await store.send(.colourModeSelected(.never)) { $0.preferences.colourMode = .never }
        await store.receive(.preferencesSaved(.success(Preferences(theme: .highContrast, colourMode: .never))))
        await store.send(.reducedMotionToggled) { $0.preferences.reducedMotion = true }
        await store.receive(.preferencesSaved(.success(Preferences(theme: .highContrast, colourMode: .never,
                                                                   reducedMotion: true))))
        #expect(saved.withLock { $0.last } == Preferences(theme: .highContrast, colourMode: .never, reducedMotion: true))
    }

    @Test func advanceClockByATypedDurationOrExplainTheMistake() async throws {
        let clock = TestClock(id: "clock_1", name: "QA", frozenTime: F.start, createdAt: F.start)
        let targets = Mutex<[Date]>([])
        var stub = client(account: { var account = F.account(); account.testClockID = "clock_1"; return account }())
        stub.testControls.testClock = { _ in clock }
        stub.testControls.advanceTestClock = { id, to in
            targets.withLock { $0.append(to) }
            var report = ClockAdvanceReport(clockID: id, from: F.start, to: to)
            report.renewals = 1
            return report
        }
        let store = await loaded(stub)
        #expect(store.state.qa.clock == clock)
        await store.send(.durationChanged("1 fortnight")) { $0.qa.durationText = "1 fortnight" }
        await store.send(.advanceClockTapped) { $0.qa.clockError = .notADuration(.unknownUnit("fortnight")) }
        #expect(store.state.qa.clockError?.description == "\"fortnight\" is not a unit. Use years, months (mo), "
            + "weeks (w), days (d), hours (h), minutes (min) or seconds (s).")
        await store.send(.durationChanged("1 month")) {
            $0.qa.durationText = "1 month"
            $0.qa.clockError = nil
        }
        await store.send(.advanceClockTapped) { $0.qa.isAdvancing = true }
        let target = try ISODuration(months: 1).advance(F.start)
        var report = ClockAdvanceReport(clockID: "clock_1", from: F.start, to: target)
        report.renewals = 1
        await store.receive(.clockAdvanced(.success(report))) {
            $0.qa.isAdvancing = false
            $0.qa.clock?.frozenTime = target
            $0.qa.durationText = ""
            $0.qa.clockMessage = "Advanced to Feb 1, 2026 at 00:00 UTC: 1 renewal, 0 failed renewals, "
                + "0 recoveries, 0 expirations, 0 trial conversions."
        }
        await store.receiveReload(stub)
        #expect(try targets.withLock { $0 } == [ISODuration(months: 1).advance(F.start)])
    }

    @Test func advancingWithoutATestClockSaysSo() async {
        let store = await loaded(client())
        await store.send(.durationChanged("P1D")) { $0.qa.durationText = "P1D" }
        await store.send(.advanceClockTapped) { $0.qa.clockError = .noTestClock }
    }

    /// Issue 41 item 20: controls changed from the command line show when the QA panel is
    /// opened, without a tab change.
    @Test func openingTheQAPanelRereadsControlsChangedElsewhere() async throws {
        let stored = Mutex(StoreControls())
        var stub = client()
        stub.testControls.storeControls = { stored.withLock { $0 } }
        let store = await loaded(stub)
        stored.withLock { $0 = StoreControls(askToBuy: true) }
        await store.send(.selectSection(.qa)) { $0.section = .qa }
        await store.receiveReload(stub)
        #expect(store.state.qa.controls == StoreControls(askToBuy: true))
    }

    @Test func togglingAControlAndArmingAFaultWriteThenReadBack() async throws {
        let stored = Mutex(StoreControls())
        var stub = client()
        stub.testControls.storeControls = { stored.withLock { $0 } }
        stub.testControls.updateStoreControls = { controls in stored.withLock { $0 = controls } }
        let store = await loaded(stub)
        await store.send(.toggleSwitch(.askToBuy)) { $0.qa.isUpdatingControls = true }
        await store.receive(.controlsUpdated(.success(StoreControls(askToBuy: true)))) {
            $0.qa.isUpdatingControls = false
            $0.qa.controls = StoreControls(askToBuy: true)
        }
        let fault = StoreFault(operation: .purchase, error: .networkError, remaining: 2)
        var controls = StoreControls(askToBuy: true)
        controls.faults = [fault]
        await store.send(.armFault(fault)) { $0.qa.isUpdatingControls = true }
        await store.receive(.controlsUpdated(.success(controls))) {
            $0.qa.isUpdatingControls = false
            $0.qa.controls = controls
        }
        #expect(store.state.qa.controls?.faults == [fault])
        #expect(StoreSwitch.askToBuy.isOn(stored.withLock { $0 }))
        controls.backendServerErrors = 3
        await store.send(.setCounter(.backendServerErrors, 3)) { $0.qa.isUpdatingControls = true }
        await store.receive(.controlsUpdated(.success(controls))) {
            $0.qa.isUpdatingControls = false
            $0.qa.controls = controls
        }
        #expect(store.state.qa.controls.map(StoreCounter.backendServerErrors.value) == 3)
        controls.faults = []
        await store.send(.disarmFault(.purchase)) { $0.qa.isUpdatingControls = true }
        await store.receive(.controlsUpdated(.success(controls))) {
            $0.qa.isUpdatingControls = false
            $0.qa.controls = controls
        }
        #expect(stored.withLock { $0.faults }.isEmpty)
    }

    @Test func failedControlUpdateIsShown() async {
        var stub = client()
        stub.testControls.updateStoreControls = { _ in throw PaymentsError.storage("disk full") }
        let store = await loaded(stub)
        await store.send(.toggleSwitch(.renewalsFail)) { $0.qa.isUpdatingControls = true }
        await store.receive(.controlsUpdated(.failure(ScreenError(PaymentsError.storage("disk full"))))) {
            $0.qa.isUpdatingControls = false
            $0.qa.controlsError = ScreenError(PaymentsError.storage("disk full"))
        }
        #expect(store.state.qa.controls == StoreControls())
    }

    @Test func approveAndDeclinePendingActions() async throws {
        let askToBuy = PendingAction(id: "pa_1", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                     subscriptionID: nil, createdAt: F.start, newPrice: nil)
        let priceIncrease = PendingAction(id: "pa_2", accountID: "acct_1", kind: .priceIncrease, productID: nil,
                                          subscriptionID: "sub_1", createdAt: F.start, newPrice: F.usd(1299))
        let calls = Mutex<[String]>([])
        let inbox = Mutex([askToBuy, priceIncrease])
        var stub = client()
        stub.testControls.pendingActions = { _ in inbox.withLock { $0 } }
        stub.testControls.approvePurchase = { id in
            calls.withLock { $0.append("approve \(id)") }
            inbox.withLock { $0.removeAll { $0.id == id } }
            return .userCancelled
        }
        stub.testControls.answerPriceIncrease = { id, accept in
            calls.withLock { $0.append("answer \(id) \(accept)") }
            inbox.withLock { $0.removeAll { $0.id == id } }
            return F.subscription()
        }
        let store = await loaded(stub)
        #expect(store.state.qa.pendingActions == [askToBuy, priceIncrease])
        await store.send(.approvePending(id: "pa_1")) { $0.qa.resolvingID = "pa_1" }
        await store.send(.declinePending(id: "pa_2"))
        await store.receive(.pendingResolved(.success("Approved ask to buy for Pro Monthly."))) {
            $0.qa.resolvingID = nil
            $0.qa.inboxMessage = "Approved ask to buy for Pro Monthly."
            $0.qa.pendingActions = [priceIncrease]
        }
        await store.receiveReload(stub)
        await store.send(.declinePending(id: "pa_2")) {
            $0.qa.resolvingID = "pa_2"
            $0.qa.inboxMessage = nil
        }
        await store.receive(.pendingResolved(.success("Declined price increase for Pro Monthly."))) {
            $0.qa.resolvingID = nil
            $0.qa.inboxMessage = "Declined price increase for Pro Monthly."
            $0.qa.pendingActions = []
        }
        await store.receiveReload(stub)
        #expect(store.state.qa.pendingActions.isEmpty)
        #expect(calls.withLock { $0 } == ["approve pa_1", "answer pa_2 false"])
    }

    @Test func loadFailureOffersRetry() async {
        let calls = Mutex(0)
        var stub = client()
        let accounts = stub.accounts.accounts
        stub.accounts.accounts = {
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 { throw PaymentsError.storage("locked") }
            return try await accounts()
        }
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(stub, preferences: .defaults))
        await store.send(.retry) { $0.phase = .loading }
        await store.receive(.loaded(.failure(ScreenError(PaymentsError.storage("locked"))))) {
            $0.phase = .failed(ScreenError(PaymentsError.storage("locked")))
        }
        await store.send(.retry) { $0.phase = .loading }
        await store.receiveReload(stub)
        #expect(store.state.content != nil)
    }

    /// A storefront on a server without the admin key: the QA panel says why it is empty and the
    /// account, cards and history still show.
    @Test func refusedTestControlReadsLeaveTheRestOfSettings() async {
        let refusal = ScreenError(message: "Reading the store controls needs the server's admin key.")
        var stub = client()
        stub.testControls.storeControls = { throw refusal }
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(stub, preferences: .defaults))
        await store.send(.retry) { $0.phase = .loading }
        await store.receiveReload(stub)
        #expect(store.state.content != nil)
        #expect(store.state.qa.controls == nil)
        #expect(store.state.qa.controlsError == refusal)
        #expect(store.state.qa.pendingActions.isEmpty)
    }

    @Test func ledgerAndEventPagesRetryAfterAFailure() async throws {
        let failNext = Mutex(true)
        var stub = client()
        stub.billing.pointsLedger = { _, cursor, _ in
            guard let cursor else { return Page(items: [Self.entry(2)], nextCursor: "c1") }
            if failNext.withLock({ let fail = $0; $0 = false; return fail }) { throw PaymentsError.storage("busy") }
            #expect(cursor == "c1")
            return Page(items: [Self.entry(1)], nextCursor: nil)
        }
        let eventFails = Mutex(true)
        stub.feed.events = { _, after, limit in
            guard let after else { return (1...Int64(limit)).map(Self.event) }
            if eventFails.withLock({ let fail = $0; $0 = false; return fail }) { throw PaymentsError.storage("busy") }
            return [Self.event(after + 1)]
        }
        let store = await loaded(stub)
        #expect(store.state.ledger.items.map(\.id) == [2] && store.state.ledger.hasMore)
        let busy = ScreenError(PaymentsError.storage("busy"))
        await store.send(.loadMoreLedger) { $0.ledger.isLoadingMore = true }
        await store.receive(.ledgerLoaded(.failure(busy))) {
            $0.ledger.isLoadingMore = false
            $0.ledger.error = busy
        }
        #expect(store.state.ledger.hasMore)
        await store.send(.loadMoreLedger) {
            $0.ledger.isLoadingMore = true
            $0.ledger.error = nil
        }
        await store.receive(.ledgerLoaded(.success(Page(items: [Self.entry(1)], nextCursor: nil)))) {
            $0.ledger.isLoadingMore = false
            $0.ledger.items.append(Self.entry(1))
            $0.ledger.nextCursor = nil
        }
        #expect(store.state.ledger.items.map(\.id) == [2, 1] && !store.state.ledger.hasMore)

        #expect(store.state.qa.events.items.count == QAPanelState.eventPageSize)
        await store.send(.loadMoreEvents) { $0.qa.events.isLoadingMore = true }
        await store.receive(.eventsLoaded(.failure(busy))) {
            $0.qa.events.isLoadingMore = false
            $0.qa.events.error = busy
        }
        await store.send(.loadMoreEvents) {
            $0.qa.events.isLoadingMore = true
            $0.qa.events.error = nil
        }
        let next = Self.event(Int64(QAPanelState.eventPageSize + 1))
        await store.receive(.eventsLoaded(.success([next]))) {
            $0.qa.events.isLoadingMore = false
            $0.qa.events.items.append(next)
            $0.qa.events.nextCursor = nil
        }
        #expect(!store.state.qa.events.hasMore)
    }

    @Test func failedActionsShowTheReason() async {
        var stub = client()
        stub.plans.cancelAtPeriodEnd = { _, _ in throw PaymentsError.store(.networkError) }
        let store = await loaded(stub)
        await store.send(.cancelTapped) { $0.survey = CancellationSurvey() }
        await store.send(.confirmCancelTapped) {
            $0.survey = nil
            $0.isWorking = true
        }
        await store.receive(.cancelFinished(.failure(ScreenError(PaymentsError.store(.networkError))))) {
            $0.isWorking = false
            $0.message = StoreError.networkError.userMessage
        }
        await store.send(.changePlanTapped)
        await store.receive(.delegate(.changePlan))
    }

    nonisolated static func entry(_ id: Int64) -> PointsEntry {
        PointsEntry(id: id, accountID: "acct_1", delta: 500, balanceAfter: 500 * id, reason: "purchase",
                    productID: "points.500", invoiceID: nil, at: F.start)
    }

    nonisolated static func event(_ id: Int64) -> StoreEvent {
        StoreEvent(id: id, accountID: "acct_1", type: .pointsCredited, at: F.start, subscriptionID: nil, productID: nil,
                   invoiceID: nil, detail: nil)
    }

    nonisolated static func delivery(_ id: String, _ type: WebhookEventType) -> WebhookDelivery {
        WebhookDelivery(id: id, messageID: "msg_\(id)", eventType: type, body: Data("{}".utf8), status: .delivered,
                        attempts: 1, firstAttemptAt: F.start, nextAttemptAt: F.start, lastError: nil, deliveredAt: F.start)
    }

    @Test func webhookLogReplaysAndDuplicatesDeliveries() async {
        let deliveries = Mutex([Self.delivery("whd_1", .paymentSucceeded)])
        let calls = Mutex<[String]>([])
        var stub = client()
        stub.testControls.webhookDeliveries = { deliveries.withLock { $0 } }
        stub.testControls.replayWebhook = { id in
            calls.withLock { $0.append("replay \(id)") }
            let copy = Self.delivery("whd_2", .paymentSucceeded)
            deliveries.withLock { $0.append(copy) }
            return copy
        }
        stub.testControls.duplicateWebhook = { id in
            calls.withLock { $0.append("duplicate \(id)") }
            throw PaymentsError.storage("locked")
        }
        let store = await loaded(stub)
        #expect(store.state.qa.webhooks.map(\.id) == ["whd_1"])
        await store.send(.replayWebhookTapped(deliveryID: "whd_1"))
        let replayed = [Self.delivery("whd_1", .paymentSucceeded), Self.delivery("whd_2", .paymentSucceeded)]
        await store.receive(.webhookActionFinished(.success(replayed))) {
            $0.qa.webhooks = replayed
            $0.qa.webhookMessage = "Queued again: it is delivered on the next pump."
        }
        await store.send(.duplicateWebhookTapped(deliveryID: "whd_1")) { $0.qa.webhookMessage = nil }
        await store.receive(.webhookActionFinished(.failure(ScreenError(PaymentsError.storage("locked"))))) {
            $0.qa.webhookMessage = ScreenError(PaymentsError.storage("locked")).message
        }
        #expect(store.state.qa.webhooks.count == 2)
        #expect(calls.withLock { $0 } == ["replay whd_1", "duplicate whd_1"])
    }
}
