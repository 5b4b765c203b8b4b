import Foundation
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct CheckoutFeatureTests {
    typealias F = ViewModelsFixtures

    func client(purchase: @escaping @Sendable (PurchaseRequest) async throws -> PurchaseOutcome) -> PaymentsClient {
        var client = PaymentsClient.failing
        client.catalog = { F.catalog }
        client.isEligibleForIntroOffer = { _ in true }
        client.paymentMethods = { _ in [F.card()] }
        client.subscriptions = { _ in [] }
        client.entitlements = { _ in [] }
        client.now = { _ in F.start }
        client.purchase = purchase
        return client
    }

    nonisolated static func receipt(_ request: PurchaseRequest) -> PurchaseReceipt {
        PurchaseReceipt(productID: request.productID, invoice: F.invoice(7), subscription: nil, introOfferApplied: true,
                        pointsCredited: 0, entitlements: ["premium"], transaction: nil)
    }

    func loaded(_ client: PaymentsClient) async -> ViewModelTestStore<CheckoutFeature> {
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.monthly", account: F.account()),
                                       CheckoutFeature(client: client, clock: ManualClock(F.start)))
        await store.send(.onAppear)
        await store.receiveAny()
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
            return .purchased(Self.receipt(request))
        })
        // The second Enter arrives while processing: no state change, no effect.
        await store.send(.submitTapped) { $0.status = .processing }
        await store.send(.submitTapped)
        await store.receiveAny { state in
            guard case let .succeeded(receipt) = state.status else { Issue.record("not succeeded: \(state.status)"); return }
            #expect(receipt.invoiceNumber == "INV-000007" && receipt.unlocked == ["Premium"])
        }
        store.finish()
        #expect(requests.withLock { $0.map(\.idempotencyKey) } == ["s1.checkout.pro.monthly.1"])
    }

    @Test func declineShowsAdviceAndTryAgainStartsANewAttempt() async {
        let reason = DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds.")
        let store = await loaded(client { _ in .declined(reason: reason, invoice: F.invoice(8, status: .open)) })
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receiveAny { #expect($0.status == .declined(message: "Your card has insufficient funds.", advice: "Try another card.")) }
        await store.send(.tryAgainTapped) {
            $0.status = .editing
            $0.attempt = 2
        }
        #expect(store.state.idempotencyKey == "s1.checkout.pro.monthly.2")
        store.finish()
    }

    @Test func failedCallRetriesTheSameAttempt() async {
        let calls = Mutex(0)
        let store = await loaded(client { request in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 { throw PaymentsError.storage("locked") }
            return .purchased(Self.receipt(request))
        })
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receiveAny { #expect($0.status == .failed(ScreenError(PaymentsError.storage("locked")))) }
        await store.send(.retryTapped) { $0.status = .processing }
        await store.receiveAny { #expect($0.attempt == 1) }
        guard case .succeeded = store.state.status else { Issue.record("expected success"); return }
        store.finish()
    }

    @Test func threeDSecureChallengeApproved() async {
        let pending = PendingAction(id: "pa_1", accountID: "acct_1", kind: .threeDSecure, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        var stub = client { _ in .requiresAction(pending) }
        stub.completeAuthentication = { id, approved in
            #expect(id == "pa_1" && approved)
            return .purchased(PurchaseReceipt(productID: "pro.monthly", invoice: F.invoice(9), subscription: nil,
                                              introOfferApplied: false, pointsCredited: 0, entitlements: ["premium"], transaction: nil))
        }
        let store = await loaded(stub)
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.requiresAction(pending)))) { $0.status = .authenticating(pending) }
        await store.send(.submitTapped)
        await store.send(.authenticationAnswered(approved: true)) { $0.status = .processing }
        await store.receiveAny { state in
            if case .succeeded = state.status {} else { Issue.record("expected success, got \(state.status)") }
        }
        store.finish()
    }

    @Test func askToBuyWaitsForTheParent() async {
        let pending = PendingAction(id: "pa_2", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                    subscriptionID: nil, createdAt: F.start, newPrice: nil)
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.storePurchase = { request in
            #expect(request.idempotencyKey == "s1.checkout.pro.monthly.1")
            return .pending(pending)
        }
        let store = await loaded(stub)
        await store.send(.selectPayment(.storeAccount)) { $0.payment = .storeAccount }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseConfirmed) { $0.status = .processing }
        await store.receive(.storePurchaseFinished(.success(.pending(pending)))) { $0.status = .pendingApproval(pending) }
        let declined = StoreEvent(id: 5, accountID: "acct_1", type: .purchaseDeclinedByParent, at: F.start,
                                  subscriptionID: nil, productID: "pro.monthly", invoiceID: nil, detail: nil)
        await store.send(.storeEvents([declined])) {
            $0.status = .declined(message: "Your request to buy was declined.", advice: "Ask again or choose something else.")
        }
        store.finish()
    }

    @Test func newCardIsValidatedInlineAndGroupedAsTyped() async {
        let store = await loaded(client { _ in throw UnstubbedCall("purchase") })
        await store.send(.selectPayment(.newCard)) { $0.payment = .newCard }
        await store.perform(.cardNumberChanged("378282246310005"))
        #expect(store.state.cardForm.number == "3782 822463 10005")
        #expect(store.state.cardForm.brand == .amex)
        await store.perform(.cardCVCChanged("12"))
        #expect(store.state.cardForm.maskedCVC == "••")
        await store.perform(.cardExpiryChanged("01/25"))
        await store.perform(.submitTapped)
        #expect(store.state.status == .editing)
        #expect(store.state.cardForm.errors.cvc == .incomplete)
        #expect(store.state.cardForm.errors.expiry == .yearInPast)
        #expect(!String(describing: store.state.cardForm).contains("3782"))
        store.finish()
    }

    @Test func rejectedPromoCodeIsShownAndNotApplied() async {
        var stub = client { _ in throw UnstubbedCall("purchase") }
        stub.validateOfferCode = { code, _, _ in throw PaymentsError.invalidOfferCode(code: code, reason: .expired) }
        let store = await loaded(stub)
        await store.send(.promoCodeChanged("OLD10")) { $0.promoCodeText = "OLD10" }
        await store.send(.applyPromoTapped) { $0.isValidatingPromo = true }
        await store.receiveAny {
            #expect($0.promoMessage == "The code OLD10 has expired." && $0.promo == nil && !$0.isValidatingPromo)
        }
        store.finish()
    }
}
