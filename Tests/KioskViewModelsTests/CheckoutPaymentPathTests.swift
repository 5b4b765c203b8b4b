import Foundation
import StorefrontClient
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

    func loaded(_ configure: (inout Storefront) -> Void, clock: ManualClock = ManualClock(F.start)) async
        -> ViewModelTestStore<CheckoutFeature> {
        var client = Storefront()
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in false }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.accounts.now = { _ in F.start }
        configure(&client)
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.monthly", account: F.account()),
                                       CheckoutFeature(client, clock: clock))
        await store.send(.onAppear)
        await store.receiveLoaded(eligibleForIntroOffer: false)
        return store
    }

    @Test func storePurchaseAsksForConfirmationThenSucceeds() async throws {
        let receipt = PurchaseReceipt(productID: "pro.monthly", invoice: F.invoice(3), subscription: nil,
                                      introOfferApplied: false, pointsCredited: 0, entitlements: ["premium"], transaction: nil)
        let transaction = SignedTransaction(jws: "x.y.z", payload: TransactionPayload(
            transactionId: "2000000000000003", originalTransactionId: "2000000000000003", bundleId: "b",
            productId: "pro.monthly", purchaseDate: F.start, originalPurchaseDate: F.start,
            environment: .localTesting, storefront: "USA", storefrontId: "143441", price: 999, currency: "USD",
            type: .autoRenewableSubscription, quantity: 1, signedDate: F.start))
        let store = await loaded { client in
            client.purchases.storePurchase = { _ in .success(transaction, receipt) }
        }
        await store.send(.selectPayment(.storeAccount)) { $0.payment = .storeAccount }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseDismissed) { $0.status = .editing }
        await store.send(.submitTapped) { $0.status = .confirmingStorePurchase }
        await store.send(.storePurchaseConfirmed) { $0.status = .processing }
        await store.receive(.storePurchaseFinished(.success(.success(transaction, receipt)))) {
            $0.status = .succeeded(CheckoutReceipt(transactionID: "2000000000000003", invoiceNumber: "INV-000003",
                                                   total: F.invoice(3).total, unlocked: ["Premium"]))
        }
    }

    @Test func failedThreeDSecureChallengeIsADeclineWithAdvice() async {
        let challenge = PendingAction(id: "pa_1", accountID: "acct_1", kind: .threeDSecure, productID: "pro.monthly",
                                      subscriptionID: nil, createdAt: F.start, newPrice: nil)
        let reason = DeclineReason(code: DeclineCode.authenticationFailed.stripeCode, message: DeclineCode.authenticationFailed.message)
        let store = await loaded { client in
            client.purchases.purchase = { _ in .requiresAction(challenge) }
            client.purchases.completeAuthentication = { _, approved in
                #expect(!approved)
                return .declined(reason: reason, invoice: F.invoice(4, status: .void))
            }
        }
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.requiresAction(challenge)))) { $0.status = .authenticating(challenge) }
        await store.send(.authenticationAnswered(approved: false)) { $0.status = .processing }
        await store.receive(.purchaseFinished(.success(.declined(reason: reason, invoice: F.invoice(4, status: .void))))) {
            $0.status = .declined(message: reason.message, advice: DeclineWording.advice(reason))
        }
        #expect(!DeclineWording.advice(reason).isEmpty)
    }

    @Test func browserCheckoutWaitsThenSucceedsWithTheInvoice() async {
        let store = await loaded { client in
            client.hostedCheckout.createSession = { request in
                #expect(request.idempotencyKey == "s1.checkout.pro.monthly.1")
                return Self.session
            }
            client.hostedCheckout.awaitOutcome = { _ in .succeeded(invoiceID: "INV-000005") }
            client.billing.invoice = { id in
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
        await store.receive(.browserInvoiceLoaded(.success(F.invoice(5)))) {
            $0.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: "INV-000005", total: F.invoice(5).total,
                                                   unlocked: ["Premium"]))
        }
    }

    @Test func cancellingTheBrowserStopsTheWaitAsksTheServerAndAPaymentThatWentThroughStillSucceeds() async {
        let abandoned = Mutex<[String]>([])
        let waitSawCancellation = Mutex(false)
        let (waiting, waitStarted) = AsyncStream<Void>.makeStream()
        let store = await loaded { client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in
                waitStarted.yield()
                await untilCancelled()
                waitSawCancellation.withLock { $0 = Task.isCancelled }
                throw CancellationError()
            }
            client.hostedCheckout.abandon = { id in
                abandoned.withLock { $0.append(id) }
                return .succeeded(invoiceID: "INV-000006")
            }
            client.billing.invoice = { _ in F.invoice(6) }
        }
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receive(.browserSessionCreated(.success(Self.session))) {
            $0.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 0))
        }
        for await _ in waiting { break }
        // The customer presses Esc while the browser has not answered: the wait stops, so no
        // browser outcome can arrive after this, and only the server's answer counts.
        await store.send(.browserCancelTapped) { $0.status = .browser(.reconciling(sessionID: "cks_1", after: .cancelled)) }
        #expect(waitSawCancellation.withLock { $0 })
        await store.receive(.browserReconciled(.success(.succeeded(invoiceID: "INV-000006")))) { $0.status = .processing }
        await store.receive(.browserInvoiceLoaded(.success(F.invoice(6)))) {
            $0.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: "INV-000006", total: F.invoice(6).total,
                                                   unlocked: ["Premium"]))
        }
        #expect(abandoned.withLock { $0 } == ["cks_1"])
    }

    @Test func timingOutStopsTheWaitReconcilesAndAnUnpaidSessionEndsAsTimedOut() async {
        let clock = ManualClock(F.start)
        let waitSawCancellation = Mutex(false)
        let (waiting, waitStarted) = AsyncStream<Void>.makeStream()
        let store = await loaded({ client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in
                waitStarted.yield()
                await untilCancelled()
                waitSawCancellation.withLock { $0 = Task.isCancelled }
                throw CancellationError()
            }
            client.hostedCheckout.abandon = { _ in .cancelled }
        }, clock: clock)
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receive(.browserSessionCreated(.success(Self.session))) {
            $0.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 0))
        }
        for await _ in waiting { break }
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
        #expect(waitSawCancellation.withLock { $0 })
        await store.receive(.browserReconciled(.success(.cancelled))) { $0.status = .browser(.timedOut) }
    }

    /// Help shows the keys the screen answers: the browser page's while it waits for it.
    @Test func helpWhileWaitingForTheBrowserListsItsKeysNotTheForms() {
        var checkout = CheckoutState(sessionID: "s1.1", productID: "pro.monthly", account: F.account())
        #expect(checkout.helpKeys == CheckoutState.keys)
        checkout.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 0))
        #expect(checkout.helpKeys.map(\.key) == ["o", "c", "Esc"])
        var app = AppState(sessionID: "s1")
        app.stack = [.checkout(checkout)]
        #expect(app.helpKeys.prefix(3) == CheckoutState.browserKeys.prefix(3))
        checkout.status = .browser(.timedOut)
        #expect(checkout.helpKeys.map(\.key) == ["t", "Esc"])
    }

    @Test func whileWaitingTheLinkOpensInTheBrowserOrIsCopied() async {
        let opened = Mutex<[String]>([])
        let (answers, browser) = AsyncStream<HostedCheckoutOutcome>.makeStream()
        let store = await loaded { client in
            client.hostedCheckout.createSession = { _ in Self.session }
            client.hostedCheckout.awaitOutcome = { _ in
                for await answer in answers { return answer }
                throw CancellationError()
            }
            client.hostedCheckout.openInBrowser = { url in opened.withLock { $0.append(url) } }
            client.hostedCheckout.copyToClipboard = { _ in throw HostedCheckoutUnavailable() }
        }
        await store.send(.selectPayment(.browser)) { $0.payment = .browser }
        await store.send(.submitTapped) { $0.status = .browser(.creatingSession) }
        await store.receive(.clockTicked(F.start)) { $0.now = F.start }
        await store.receive(.browserSessionCreated(.success(Self.session))) {
            $0.status = .browser(.waiting(session: Self.session, startedAt: F.start, elapsedSeconds: 0))
        }
        await store.send(.openBrowserTapped)
        await store.send(.copyLinkTapped)
        await store.receive(.browserLinkHandled(.success("Opened the checkout page in your browser."))) {
            $0.browserNotice = "Opened the checkout page in your browser."
        }
        let unavailable = ScreenError(HostedCheckoutUnavailable())
        await store.receive(.browserLinkHandled(.failure(unavailable))) {
            $0.browserNotice = "\(unavailable.message) Open the link shown above by hand."
        }
        browser.yield(.cancelled)
        await store.receive(.browserOutcome(.success(.cancelled))) { $0.status = .browser(.cancelled) }
        #expect(opened.withLock { $0 } == [Self.session.url])
    }
}
