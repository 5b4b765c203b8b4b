import Foundation
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Checkout paths beyond the card: the store account's confirmation sheet, a failed 3-D Secure
/// challenge, and the browser, where giving up is "outcome unknown" until the server answers.
@MainActor
struct CheckoutPaymentPathTests {
    typealias F = ViewModelsFixtures

    nonisolated static let session = HostedCheckoutSession(id: "cks_1", url: "http://127.0.0.1:4000/checkout/cks_1",
                                               expiresAt: F.start.addingTimeInterval(24 * 3_600))

    func loaded(_ configure: (inout PaymentsClient) -> Void, clock: ManualClock = ManualClock(F.start)) async
        -> ViewModelTestStore<CheckoutFeature> {
        var client = PaymentsClient.failing
        client.catalog = { F.catalog }
        client.isEligibleForIntroOffer = { _ in false }
        client.paymentMethods = { _ in [F.card()] }
        client.subscriptions = { _ in [] }
        client.entitlements = { _ in [] }
        client.now = { _ in F.start }
        configure(&client)
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.monthly", account: F.account()),
                                       CheckoutFeature(client: client, clock: clock))
        await store.send(.onAppear)
        await store.receiveAny()
        return store
    }

    @Test func storePurchaseAsksForConfirmationThenSucceeds() async throws {
        let store = await loaded { client in
            client.storePurchase = { request in
                let receipt = PurchaseReceipt(productID: request.productID, invoice: F.invoice(3), subscription: nil,
                                              introOfferApplied: false, pointsCredited: 0, entitlements: ["premium"],
                                              transaction: nil)
                return .success(SignedTransaction(jws: "x.y.z", payload: TransactionPayload(
                    transactionId: "2000000000000003", originalTransactionId: "2000000000000003", bundleId: "b",
                    productId: request.productID, purchaseDate: F.start, originalPurchaseDate: F.start,
                    environment: .localTesting, storefront: "USA", storefrontId: "143441", price: 999, currency: "USD",
                    type: .autoRenewableSubscription, quantity: 1, signedDate: F.start)), receipt)
            }
        }
        await store.send(.selectPayment(.storeAccount)) { $0.payment = .storeAccount }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseDismissed) { $0.status = .editing }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseConfirmed) { $0.status = .processing }
        await store.receiveAny { state in
            guard case let .succeeded(receipt) = state.status else { Issue.record("not succeeded: \(state.status)"); return }
            #expect(receipt.invoiceNumber == "INV-000003" && receipt.transactionID == "2000000000000003")
        }
        store.finish()
    }

    @Test func failedThreeDSecureChallengeIsADeclineWithAdvice() async {
        let challenge = PendingAction(id: "pa_1", accountID: "acct_1", kind: .threeDSecure, productID: "pro.monthly",
                                      subscriptionID: nil, createdAt: F.start, newPrice: nil)
        let reason = DeclineReason(code: DeclineCode.authenticationFailed.stripeCode, message: DeclineCode.authenticationFailed.message)
        let store = await loaded { client in
            client.purchase = { _ in .requiresAction(challenge) }
            client.completeAuthentication = { _, approved in
                #expect(!approved)
                return .declined(reason: reason, invoice: F.invoice(4, status: .void))
            }
        }
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.requiresAction(challenge)))) { $0.status = .authenticating(challenge) }
        await store.send(.authenticationAnswered(approved: false)) { $0.status = .processing }
        await store.receiveAny { state in
            guard case let .declined(message, advice) = state.status else { Issue.record("not declined: \(state.status)"); return }
            #expect(message == reason.message && !advice.isEmpty)
        }
        store.finish()
    }

    @Test func browserCheckoutWaitsThenSucceedsWithTheInvoice() async {
        let store = await loaded { client in
            client.hostedCheckout.createSession = { request in
                #expect(request.idempotencyKey == "s1.checkout.pro.monthly.1")
                return Self.session
            }
            client.hostedCheckout.awaitOutcome = { _ in .succeeded(invoiceID: "INV-000005") }
            client.invoice = { id in
                #expect(id == "INV-000005")
                return F.invoice(5)
            }
        }
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receive(.browserSessionCreated(.success(Self.session))) {
            $0.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 0))
        }
        await store.receive(.browserOutcome(.success(.succeeded(invoiceID: "INV-000005")))) { $0.status = .processing }
        await store.receiveAny { state in
            guard case let .succeeded(receipt) = state.status else { Issue.record("not succeeded: \(state.status)"); return }
            #expect(receipt.invoiceNumber == "INV-000005")
        }
        store.finish()
    }

    @Test func cancellingTheBrowserAsksTheServerAndAPaymentThatWentThroughStillSucceeds() async {
        let abandoned = Mutex<[String]>([])
        let store = await loaded { client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in .cancelled }
            client.hostedCheckout.abandon = { id in
                abandoned.withLock { $0.append(id) }
                return .succeeded(invoiceID: "INV-000006")
            }
            client.invoice = { _ in F.invoice(6) }
        }
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receiveAny()
        // The customer presses Esc before the browser's own answer is processed.
        await store.send(.browserCancelTapped) { $0.status = .browser(.reconciling(sessionID: "cks_1", after: .cancelled)) }
        await store.receive(.browserOutcome(.success(.cancelled)))  // late browser event: ignored
        await store.receive(.browserReconciled(.success(.succeeded(invoiceID: "INV-000006")))) { $0.status = .processing }
        await store.receiveAny { state in
            if case .succeeded = state.status {} else { Issue.record("expected success, got \(state.status)") }
        }
        store.finish()
        #expect(abandoned.withLock { $0 } == ["cks_1"])
    }

    @Test func timingOutReconcilesAndAnUnpaidSessionEndsAsTimedOut() async {
        let clock = ManualClock(F.start)
        let store = await loaded({ client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in .expired }
            client.hostedCheckout.abandon = { _ in .cancelled }
        }, clock: clock)
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receiveAny()
        let minute = F.start.addingTimeInterval(60)
        await store.send(.clockTicked(minute)) {
            $0.now = minute
            $0.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 60))
        }
        let late = Date(timeInterval: TimeInterval(CheckoutState.browserTimeoutSeconds), since: F.start)
        await store.send(.clockTicked(late)) {
            $0.now = late
            $0.status = .browser(.reconciling(sessionID: "cks_1", after: .timedOut))
        }
        await store.receive(.browserOutcome(.success(.expired)))
        await store.receive(.browserReconciled(.success(.cancelled))) { $0.status = .browser(.timedOut) }
        store.finish()
    }

    @Test func whileWaitingTheLinkOpensInTheBrowserOrIsCopied() async {
        let opened = Mutex<[String]>([])
        let store = await loaded { client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in .cancelled }
            client.hostedCheckout.openInBrowser = { url in opened.withLock { $0.append(url) } }
            client.hostedCheckout.copyToClipboard = { _ in throw HostedCheckoutUnavailable() }
        }
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receiveAny()
        // Both taps happen while waiting; the browser's own answer was already queued before them.
        await store.send(.openBrowserTapped)
        await store.send(.copyLinkTapped)
        await store.receive(.browserOutcome(.success(.cancelled))) { $0.status = .browser(.cancelled) }
        await store.receive(.browserLinkHandled(.success("Opened the checkout page in your browser."))) {
            $0.browserNotice = "Opened the checkout page in your browser."
        }
        await store.receiveAny { state in
            #expect(state.browserNotice?.hasSuffix("Open the link shown above by hand.") == true)
        }
        store.finish()
        #expect(opened.withLock { $0 } == [Self.session.url])
    }
}
