import Foundation
import PaymentsCore
import StorefrontClient

extension PaymentsClient {
    /// The storefront's client over a running `kiosk serve`: the same screens, their calls made
    /// through the generated OpenAPI client. A test-control call without the admin key throws a
    /// `RemoteUnavailableCall` saying so, which the screen shows like any other refusal.
    ///
    /// Checkout in the browser opens the server's hosted checkout; the browser returns to the
    /// server, so the wait for its outcome reads the session again after each `checkoutPollPause`
    /// (a second by default; tests pass a pause they release themselves). Opening the browser and
    /// copying the link are the host's: set `hostedCheckout.openInBrowser`/`copyToClipboard`.
    public static func remote(
        _ server: RemoteServer,
        checkoutPollPause: @escaping @Sendable () async throws -> Void = { try await Task.sleep(for: RemoteServer.checkoutPollInterval) }
    ) -> PaymentsClient {
        let calls = RemoteCalls(server: server)
        let hostedCheckout = HostedCheckoutClient(
            createSession: { try await calls.createCheckoutSession($0) },
            awaitOutcome: { try await calls.awaitCheckoutOutcome($0, pause: checkoutPollPause) },
            session: { try await calls.checkoutSession($0) },
            abandon: { try await calls.abandonCheckout($0) })
        var client = PaymentsClient(
            catalog: { try await calls.catalog() },
            accounts: { try await calls.accounts() },
            signedInAccount: { try await calls.signedInAccount() },
            signIn: { try await calls.signIn($0) },
            signOut: { try await calls.signOut() },
            createAccount: { try await calls.createAccount($0) },
            now: { try await calls.now($0) },
            isEligibleForIntroOffer: { try await calls.isEligibleForIntroOffer($0) },
            subscriptions: { try await calls.subscriptions($0) },
            entitlements: { try await calls.entitlements($0) },
            restorePurchases: { try await calls.restorePurchases($0) },
            validateOfferCode: { try await calls.validateOfferCode($0, productID: $1, accountID: $2) },
            purchase: { try await calls.purchase($0) },
            storePurchase: { try await calls.storePurchase($0) },
            storePurchaseStatus: { try await calls.storePurchaseStatus($0, accountID: $1) },
            completeAuthentication: { try await calls.completeAuthentication($0, approved: $1) },
            previewPlanChange: { try await calls.previewPlanChange($0, to: $1) },
            changePlan: { try await calls.changePlan($0) },
            statusVocabulary: { try await calls.statusVocabulary($0) },
            cancelAtPeriodEnd: { try await calls.cancelAtPeriodEnd($0, reason: $1) },
            resume: { try await calls.resume($0) },
            refund: { try await calls.refund($0, idempotencyKey: $1) },
            paymentMethods: { try await calls.paymentMethods($0) },
            addCard: { try await calls.addCard($0, card: $1, makeDefault: $2) },
            removePaymentMethod: { try await calls.removePaymentMethod($0) },
            setDefaultPaymentMethod: { try await calls.setDefaultPaymentMethod($0) },
            invoices: { try await calls.invoices($0, query: $1) },
            invoice: { try await calls.invoice($0) },
            events: { try await calls.events($0, after: $1, limit: $2) },
            feedPosition: { try await calls.feedPosition($0) },
            usage: { try await calls.usage($0) },
            pointsLedger: { try await calls.pointsLedger($0, cursor: $1, limit: $2) },
            pendingActions: { try await calls.pendingActions($0) },
            approvePurchase: { try await calls.approvePurchase($0) },
            declinePurchase: { try await calls.declinePurchase($0) },
            answerPriceIncrease: { try await calls.answerPriceIncrease($0, accept: $1) },
            storeControls: { try await calls.storeControls() },
            updateStoreControls: { try await calls.updateStoreControls($0) },
            testClock: { try await calls.testClock($0) },
            advanceTestClock: { try await calls.advanceTestClock($0, to: $1) },
            hostedCheckout: hostedCheckout)
        client.feedNews = { calls.feedNews(after: $0) }
        client.webhookDeliveries = { try await calls.webhookDeliveries() }
        client.replayWebhook = { try await calls.replayWebhook($0) }
        client.duplicateWebhook = { try await calls.duplicateWebhook($0) }
        client.attachNewTestClock = { try await calls.attachNewTestClock($0, name: $1) }
        client.changeEmail = { try await calls.changeEmail($0, to: $1) }
        client.detachTestClock = { try await calls.detachTestClock($0) }
        return client
    }
}
