import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct CheckoutFeatureTests {
    typealias F = ViewModelsFixtures

    func client(purchase: @escaping @Sendable (PurchaseRequest) async throws -> PurchaseOutcome) -> Storefront {
        var client = Storefront()
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.accounts.now = { _ in F.start }
        client.purchases.purchase = purchase
        return client
    }

    nonisolated static let receipt = PurchaseReceipt(productID: "pro.monthly", invoice: F.invoice(7), subscription: nil,
                                                     introOfferApplied: true, pointsCredited: 0, entitlements: ["premium"],
                                                     transaction: nil)

    /// The screen's receipt of a purchase of `pro.monthly`, which unlocks Premium.
    static func succeeded(_ invoice: Invoice) -> CheckoutStatus {
        .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: invoice.id, total: invoice.total, unlocked: ["Premium"]))
    }

    func loaded(_ client: Storefront) async -> ViewModelTestStore<CheckoutFeature> {
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.monthly", account: F.account()),
                                       CheckoutFeature(client, clock: ManualClock(F.start)))
        await store.send(.onAppear)
        await store.receiveLoaded(eligibleForIntroOffer: true)
        return store
    }

    @Test func summaryShowsTrialAndNextCharge() async throws {
        let store = await loaded(client { _ in throw UnstubbedCall("purchase") })
        let summary = try #require(store.state.phase.content)
        #expect(summary.productName == "Pro Monthly")
        #expect(summary.introOfferText == "7-day free trial, then $9.99/month")
        #expect(summary.totalDueToday == F.usd(0))
        #expect(try summary.nextChargeDate == ISODuration(weeks: 1).advance(F.start))
        #expect(summary.nextChargeAmount == F.usd(999))
        #expect(store.state.payment == .savedCard(paymentMethodID: "pm_1"))
    }

    @Test func doubleSubmitChargesOnceWithOneKey() async throws {
        let requests = Mutex<[PurchaseRequest]>([])
        let store = await loaded(client { request in
            requests.withLock { $0.append(request) }
            return .purchased(Self.receipt)
        })
        // The second Enter arrives while processing: no state change, no effect.
        await store.send(.submitTapped) { $0.status = .processing }
        await store.send(.submitTapped)
        await store.receive(.purchaseFinished(.success(.purchased(Self.receipt)))) { $0.status = Self.succeeded(F.invoice(7)) }
        #expect(requests.withLock { $0.map(\.idempotencyKey) } == ["s1.checkout.pro.monthly.1"])
    }

    @Test func declineShowsAdviceAndTryAgainStartsANewAttempt() async {
        let reason = DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds.")
        let store = await loaded(client { _ in .declined(reason: reason, invoice: F.invoice(8, status: .open)) })
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.declined(reason: reason, invoice: F.invoice(8, status: .open))))) {
            $0.status = .declined(message: "Your card has insufficient funds.", advice: "Try another card.")
        }
        await store.send(.tryAgainTapped) {
            $0.status = .editing
            $0.attempt = 2
        }
        #expect(store.state.idempotencyKey == "s1.checkout.pro.monthly.2")
    }

    @Test func failedCallRetriesTheSameAttempt() async {
        let calls = Mutex(0)
        let store = await loaded(client { _ in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 { throw PaymentsError.storage("locked") }
            return .purchased(Self.receipt)
        })
        let locked = ScreenError(PaymentsError.storage("locked"))
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.failure(locked))) { $0.status = .failed(locked) }
        await store.send(.retryTapped) {
            $0.status = .processing
            $0.retryCount = 1
        }
        // The same attempt: `attempt` stays 1, so the retry reuses the idempotency key; `retryCount` only words it.
        #expect(store.state.idempotencyKey == "s1.checkout.pro.monthly.1")
        await store.receive(.purchaseFinished(.success(.purchased(Self.receipt)))) { $0.status = Self.succeeded(F.invoice(7)) }
    }

    @Test func threeDSecureChallengeApproved() async {
        let pending = PendingAction(id: "pa_1", accountID: "acct_1", kind: .threeDSecure, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        let receipt = PurchaseReceipt(productID: "pro.monthly", invoice: F.invoice(9), subscription: nil,
                                      introOfferApplied: false, pointsCredited: 0, entitlements: ["premium"], transaction: nil)
        var stub = client { _ in .requiresAction(pending) }
        stub.purchases.completeAuthentication = { id, approved in
            #expect(id == "pa_1" && approved)
            return .purchased(receipt)
        }
        let store = await loaded(stub)
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.requiresAction(pending)))) { $0.status = .authenticating(pending) }
        await store.send(.submitTapped)
        await store.send(.authenticationAnswered(approved: true)) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.purchased(receipt)))) { $0.status = Self.succeeded(F.invoice(9)) }
    }

    /// Pays with the store account, whose sheet answers that `pending` waits for a parent.
    func askToBuy(_ store: ViewModelTestStore<CheckoutFeature>, answered pending: PendingAction) async {
        await store.send(.selectPayment(.storeAccount)) { $0.payment = .storeAccount }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseConfirmed) { $0.status = .processing }
        await store.receive(.storePurchaseFinished(.success(.pending(pending)))) { $0.status = .pendingApproval(pending) }
    }

    @Test func askToBuyWaitsForTheParent() async {
        let pending = PendingAction(id: "pa_2", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.purchases.storePurchase = { request in
            #expect(request.idempotencyKey == "s1.checkout.pro.monthly.1")
            return .pending(pending)
        }
        let answers = Mutex<[PendingPurchaseStatus]>([.waiting, .declined])
        stub.purchases.storePurchaseStatus = { _, _ in try Self.next(answers) }
        let store = await loaded(stub)
        await askToBuy(store, answered: pending)
        await store.send(.checkPendingApproval) { $0.checkingPendingID = "pa_2" }
        await store.receive(.pendingApprovalChecked(pendingID: "pa_2", .success(.waiting))) { $0.checkingPendingID = nil }
        #expect(answers.withLock { $0 } == [.declined])
        await store.send(.checkPendingApproval) { $0.checkingPendingID = "pa_2" }
        await store.receive(.pendingApprovalChecked(pendingID: "pa_2", .success(.declined))) {
            $0.checkingPendingID = nil
            $0.status = .declined(message: "Your request to buy was declined.", advice: "Ask again or choose something else.")
        }
        // Nothing is asked once the request is answered.
        await store.send(.checkPendingApproval)
    }

    @Test func anApprovedRequestShowsTheReceiptAndAFailedCheckKeepsWaiting() async throws {
        let pending = PendingAction(id: "pa_3", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        struct ServerAway: Error {}
        let answers = Mutex<[Result<PendingPurchaseStatus, any Error>]>([.failure(ServerAway()), .success(.approved)])
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.purchases.storePurchase = { _ in .pending(pending) }
        stub.purchases.storePurchaseStatus = { id, account in
            #expect(id == "pa_3" && account == "acct_1")
            return try Self.next(answers).get()
        }
        let store = await loaded(stub)
        let dueToday = try #require(store.state.phase.content?.totalDueToday)
        await askToBuy(store, answered: pending)
        // An answer about another request (a checkout left and opened again) changes nothing.
        await store.send(.pendingApprovalChecked(pendingID: "pa_old", .success(.declined)))
        await store.send(.checkPendingApproval) { $0.checkingPendingID = "pa_3" }
        // A second poll while the first question is out asks nothing more.
        await store.send(.checkPendingApproval)
        let failure = ScreenError(ServerAway())
        await store.receive(.pendingApprovalChecked(pendingID: "pa_3", .failure(failure))) {
            $0.checkingPendingID = nil
            $0.pendingApprovalCheckError = failure
        }
        await store.send(.checkPendingApproval) { $0.checkingPendingID = "pa_3" }
        await store.receive(.pendingApprovalChecked(pendingID: "pa_3", .success(.approved))) {
            $0.checkingPendingID = nil
            $0.pendingApprovalCheckError = nil
            $0.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: "", total: dueToday, unlocked: ["Premium"]))
        }
    }

    /// A request cleared away (a reset, a snapshot restore) can never be answered: the wait ends.
    @Test func aRequestThatNoLongerExistsEndsTheWait() async {
        let pending = PendingAction(id: "pa_4", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.purchases.storePurchase = { _ in .pending(pending) }
        stub.purchases.storePurchaseStatus = { id, _ in throw PaymentsError.pendingActionNotFound(id) }
        let store = await loaded(stub)
        await askToBuy(store, answered: pending)
        await store.send(.checkPendingApproval) { $0.checkingPendingID = "pa_4" }
        await store.receive(.pendingApprovalChecked(pendingID: "pa_4", .failure(ScreenError(PaymentsError.pendingActionNotFound("pa_4"))))) {
            $0.checkingPendingID = nil
            $0.status = .declined(message: "This request to buy is no longer waiting: the store's purchases were cleared or restored.",
                                  advice: "Ask again or choose something else.")
        }
    }

    /// The next scripted answer; a call beyond the script is a test failure, not a crash.
    nonisolated static func next<Answer>(_ answers: borrowing Mutex<[Answer]>) throws -> Answer {
        guard let answer = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            Issue.record("asked the store more often than scripted")
            throw UnstubbedCall("storePurchaseStatus")
        }
        return answer
    }

    @Test func newCardIsValidatedInlineAndGroupedAsTyped() async {
        let store = await loaded(client { _ in throw UnstubbedCall("purchase") })
        await store.send(.selectPayment(.newCard)) { $0.payment = .newCard }
        await store.send(.cardNumberChanged("378282246310005")) { $0.cardForm.setNumber("378282246310005") }
        #expect(store.state.cardForm.number == "3782 822463 10005")
        #expect(store.state.cardForm.brand == .amex)
        await store.send(.cardCVCChanged("12")) { $0.cardForm.setCVC("12") }
        #expect(store.state.cardForm.maskedCVC == "••")
        await store.send(.cardExpiryChanged("0125")) { $0.cardForm.setExpiry("0125") }
        #expect(store.state.cardForm.expiry == "01/25")
        // The form's own validation decides the errors; the checks below pin the ones that matter.
        await store.send(.submitTapped) {
            if case let .failure(problems) = $0.cardForm.details(now: F.start) { $0.cardForm.errors = problems }
        }
        #expect(store.state.status == .editing)
        #expect(store.state.cardForm.errors.cvc == .incomplete)
        #expect(store.state.cardForm.errors.expiry == .yearInPast)
        #expect(!String(describing: store.state.cardForm).contains("3782"))
    }

    @Test func rejectedPromoCodeIsShownAndNotApplied() async {
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.purchases.validateOfferCode = { code, _, _ in throw PaymentsError.invalidOfferCode(code: code, reason: .expired) }
        let store = await loaded(stub)
        await store.send(.promoCodeChanged("OLD10")) { $0.promoCodeText = "OLD10" }
        await store.send(.applyPromoTapped) { $0.isValidatingPromo = true }
        let expired = ScreenError(PaymentsError.invalidOfferCode(code: "OLD10", reason: .expired))
        await store.receive(.promoValidated(.failure(expired))) {
            $0.isValidatingPromo = false
            $0.promoMessage = "The code OLD10 has expired."
        }
    }
}
