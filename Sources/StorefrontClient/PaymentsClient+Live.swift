import Foundation
import PaymentsCore

extension PaymentsClient {
    /// Every call goes to `service`, or to `appStore` for the App Store's own (its purchase sheet
    /// and ask to buy), a refund through a `StoreKitRouter`, the QA inbox to both through a
    /// `TestControlDesk`; who is signed in is this
    /// client's own session, its token kept by `session`. Hosted checkout has no server here unless
    /// one is passed, and the settings' webhook controls steer `checkoutProvider`'s deliveries when
    /// there is one.
    public static func live(_ service: any PaymentsService, appStore: any AppStoreService,
                            session: SessionTokenKeeper = .inMemory(),
                            hostedCheckout: HostedCheckoutClient = .unavailable,
                            checkoutProvider: (any HostedCheckoutService)? = nil) -> PaymentsClient {
        let desk = TestControlDesk(merchant: service, appStore: appStore)
        let router = StoreKitRouter(merchant: service, appStore: appStore)
        var client = PaymentsClient(
            catalog: { try await service.catalog() },
            accounts: { try await service.accounts() },
            signedInAccount: { try await session.account(on: service) },
            signIn: { try await session.signIn($0, on: service) },
            signOut: { try await session.signOut(on: service) },
            createAccount: { try await service.createAccount($0) },
            now: { try await service.now(for: $0) },
            isEligibleForIntroOffer: { try await service.isEligibleForIntroOffer(accountID: $0) },
            subscriptions: { try await service.subscriptions(accountID: $0) },
            entitlements: { try await service.entitlements(accountID: $0) },
            restorePurchases: { try await service.restorePurchases(accountID: $0, includeInactive: false) },
            validateOfferCode: { code, productID, accountID in
                try await OfferCodeCheck.check(code, productID: productID, catalog: service.catalog(),
                                               now: service.now(for: accountID))
            },
            purchase: { try await service.purchase($0) },
            storePurchase: { try await appStore.storePurchase($0) },
            storePurchaseStatus: { try await appStore.pendingPurchaseStatus(pendingID: $0, accountID: $1) },
            completeAuthentication: { try await service.completeAuthentication(pendingID: $0, approved: $1) },
            previewPlanChange: { try await router.previewPlanChange(subscriptionID: $0, toProductID: $1) },
            changePlan: { try await router.changePlan($0) },
            statusVocabulary: { try await service.statusVocabulary(subscriptionID: $0) },
            cancelAtPeriodEnd: { try await router.cancelAtPeriodEnd(subscriptionID: $0, reason: $1) },
            resume: { try await router.resume(subscriptionID: $0) },
            refund: { try await router.refund(invoiceID: $0, idempotencyKey: $1) },
            paymentMethods: { try await service.paymentMethods(accountID: $0) },
            addCard: { try await service.addCard(accountID: $0, card: $1, makeDefault: $2) },
            removePaymentMethod: { try await service.removePaymentMethod($0) },
            setDefaultPaymentMethod: { try await service.setDefaultPaymentMethod($0) },
            invoices: { try await service.invoices(accountID: $0, query: $1) },
            invoice: { try await service.invoice($0) },
            events: { try await service.events(accountID: $0, after: $1, limit: $2) },
            feedPosition: { try await service.feedPosition(accountID: $0) },
            usage: { try await service.usage(accountID: $0) },
            pointsLedger: { try await service.pointsLedger(accountID: $0, cursor: $1, limit: $2) },
            pendingActions: { try await desk.pendingActions(accountID: $0) },
            approvePurchase: { try await desk.approvePurchase(pendingID: $0) },
            declinePurchase: { try await desk.declinePurchase(pendingID: $0) },
            answerPriceIncrease: { try await desk.answerPriceIncrease(pendingID: $0, accept: $1) },
            storeControls: { try await desk.storeControls() },
            updateStoreControls: { try await desk.updateStoreControls($0) },
            testClock: { try await service.testClock($0) },
            advanceTestClock: { try await desk.advanceTestClock($0, to: $1) },
            hostedCheckout: hostedCheckout)
        client.attachNewTestClock = { try await service.attachNewTestClock(accountID: $0, name: $1) }
        client.changeEmail = { try await service.changeEmail(accountID: $0, to: $1) }
        client.detachTestClock = { try await service.detachTestClock(accountID: $0) }
        if let provider = checkoutProvider {
            client.webhookDeliveries = { try await provider.webhookDeliveries() }
            client.replayWebhook = { try await provider.replayWebhookDelivery($0) }
            client.duplicateWebhook = { try await provider.duplicateWebhookDelivery($0) }
        } else {
            client.webhookDeliveries = { [] }
            client.replayWebhook = { _ in throw HostedCheckoutUnavailable() }
            client.duplicateWebhook = { _ in throw HostedCheckoutUnavailable() }
        }
        return client
    }
}
