import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// An SSH key's account has only a placeholder email: its first purchase asks for one, for
/// receipts, saves it on the account before paying, and never asks again.
@MainActor
struct CheckoutReceiptEmailTests {
    typealias F = ViewModelsFixtures

    nonisolated static var placeholder: Account {
        var account = F.account()
        account.email = "ssh-abc123@ssh.invalid"
        return account
    }

    func loaded(_ account: Account, _ configure: (inout Storefront) -> Void) async -> ViewModelTestStore<CheckoutFeature> {
        var client = Storefront()
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in false }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.accounts.now = { _ in F.start }
        configure(&client)
        let store = ViewModelTestStore(CheckoutState(sessionID: "s1", productID: "pro.monthly", account: account),
                                       CheckoutFeature(client, clock: ManualClock(F.start)))
        await store.send(.onAppear)
        let data = CheckoutData(catalog: F.catalog, account: account, eligibleForIntroOffer: false,
                                paymentMethods: [F.card()], planChange: nil, now: F.start)
        await store.receive(.loaded(.success(data))) {
            $0.account = data.account
            $0.data = data
            $0.now = data.now
            $0.savedCards = data.paymentMethods
            $0.payment = .savedCard(paymentMethodID: "pm_1")
            $0.phase = OrderSummary.make(productID: $0.productID, data: data, promo: nil).map { .loaded($0) } ?? .empty
            if account.hasPlaceholderEmail { $0.receiptEmail = "" }
        }
        return store
    }

    @Test func theEmailIsCheckedSavedAndThenThePaymentGoesAhead() async {
        let saved = Mutex<[String]>([])
        let withEmail = { var account = F.account(); account.email = "ann@example.com"; return account }()
        let refusal = ScreenError(PaymentsError.emailTaken("bob@example.com"))
        let receipt = PurchaseReceipt(productID: "pro.monthly", invoice: F.invoice(3), subscription: nil,
                                      introOfferApplied: false, pointsCredited: 0, entitlements: ["premium"], transaction: nil)
        let store = await loaded(Self.placeholder) { client in
            client.accounts.changeEmail = { account, email in
                #expect(account == "acct_1")
                saved.withLock { $0.append(email) }
                if email == "bob@example.com" { throw PaymentsError.emailTaken(email) }
                return withEmail
            }
            client.purchases.purchase = { request in
                #expect(request.paymentMethodID == "pm_1")
                return .purchased(receipt)
            }
        }
        // Nothing typed: refused here, nothing sent, nothing charged.
        await store.send(.submitTapped) {
            $0.receiptEmailError = "Type the email your receipts should go to, such as ann@example.com."
        }
        await store.send(.receiptEmailChanged("bob@example.com")) {
            $0.receiptEmail = "bob@example.com"
            $0.receiptEmailError = nil
        }
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.receiptEmailSaved(.failure(refusal))) {
            $0.status = .editing
            $0.receiptEmailError = "That email belongs to another account; use another."
        }
        await store.send(.receiptEmailChanged(" ann@example.com ")) {
            $0.receiptEmail = " ann@example.com "
            $0.receiptEmailError = nil
        }
        await store.send(.submitTapped) { $0.status = .processing }
        await store.receive(.receiptEmailSaved(.success(withEmail))) {
            $0.account = withEmail
            $0.receiptEmail = nil
            $0.status = .processing
        }
        await store.receive(.purchaseFinished(.success(.purchased(receipt)))) {
            $0.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: "INV-000003",
                                                   total: F.invoice(3).total, unlocked: ["Premium"]))
        }
        #expect(saved.withLock { $0 } == ["bob@example.com", "ann@example.com"])
    }

    @Test func anAccountWithARealEmailIsNeverAsked() async {
        let store = await loaded(F.account()) { _ in }
        #expect(store.state.receiptEmail == nil)
        #expect(!F.account().hasPlaceholderEmail)
        #expect(Self.placeholder.hasPlaceholderEmail)
    }
}
