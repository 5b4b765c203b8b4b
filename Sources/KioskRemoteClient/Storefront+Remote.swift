import Foundation
import PaymentsCore
import StorefrontClient

extension Storefront {
    /// The storefront's clients over a running `kiosk serve`: the same screens, their calls made
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
    ) -> Storefront {
        let calls = RemoteCalls(server: server)
        var storefront = Storefront()
        storefront.accounts = .remote(calls)
        storefront.purchases = .remote(calls)
        storefront.plans = .remote(calls)
        storefront.wallet = .remote(calls)
        storefront.billing = .remote(calls)
        storefront.feed = .remote(calls)
        storefront.testControls = .remote(calls)
        storefront.hostedCheckout = HostedCheckoutClient(
            createSession: { try await calls.createCheckoutSession($0) },
            awaitOutcome: { try await calls.awaitCheckoutOutcome($0, pause: checkoutPollPause) },
            session: { try await calls.checkoutSession($0) },
            abandon: { try await calls.abandonCheckout($0) })
        return storefront
    }
}

extension AccountsClient {
    static func remote(_ calls: RemoteCalls) -> AccountsClient {
        var client = AccountsClient()
        client.catalog = { try await calls.catalog() }
        client.accounts = { try await calls.accounts() }
        client.signedInAccount = { try await calls.signedInAccount() }
        client.signIn = { try await calls.signIn($0) }
        client.signOut = { try await calls.signOut() }
        client.createAccount = { try await calls.createAccount($0) }
        client.changeEmail = { try await calls.changeEmail($0, to: $1) }
        client.now = { try await calls.now($0) }
        client.isEligibleForIntroOffer = { try await calls.isEligibleForIntroOffer($0) }
        return client
    }
}

extension PurchasesClient {
    static func remote(_ calls: RemoteCalls) -> PurchasesClient {
        var client = PurchasesClient()
        client.purchase = { try await calls.purchase($0) }
        client.completeAuthentication = { try await calls.completeAuthentication($0, approved: $1) }
        client.storePurchase = { try await calls.storePurchase($0) }
        client.storePurchaseStatus = { try await calls.storePurchaseStatus($0, accountID: $1) }
        client.validateOfferCode = { try await calls.validateOfferCode($0, productID: $1, accountID: $2) }
        client.restorePurchases = { try await calls.restorePurchases($0) }
        return client
    }
}

extension PlansClient {
    static func remote(_ calls: RemoteCalls) -> PlansClient {
        var client = PlansClient()
        client.subscriptions = { try await calls.subscriptions($0) }
        client.entitlements = { try await calls.entitlements($0) }
        client.previewPlanChange = { try await calls.previewPlanChange($0, to: $1) }
        client.changePlan = { try await calls.changePlan($0) }
        client.cancelAtPeriodEnd = { try await calls.cancelAtPeriodEnd($0, reason: $1) }
        client.resume = { try await calls.resume($0) }
        client.statusVocabulary = { try await calls.statusVocabulary($0) }
        return client
    }
}

extension WalletClient {
    static func remote(_ calls: RemoteCalls) -> WalletClient {
        var client = WalletClient()
        client.paymentMethods = { try await calls.paymentMethods($0) }
        client.addCard = { try await calls.addCard($0, card: $1, makeDefault: $2) }
        client.removePaymentMethod = { try await calls.removePaymentMethod($0) }
        client.setDefaultPaymentMethod = { try await calls.setDefaultPaymentMethod($0) }
        return client
    }
}

extension BillingClient {
    static func remote(_ calls: RemoteCalls) -> BillingClient {
        var client = BillingClient()
        client.invoices = { try await calls.invoices($0, query: $1) }
        client.invoice = { try await calls.invoice($0) }
        client.refund = { try await calls.refund($0, idempotencyKey: $1) }
        client.usage = { try await calls.usage($0) }
        client.pointsLedger = { try await calls.pointsLedger($0, cursor: $1, limit: $2) }
        return client
    }
}

extension FeedClient {
    static func remote(_ calls: RemoteCalls) -> FeedClient {
        var client = FeedClient()
        client.events = { try await calls.events($0, after: $1, limit: $2) }
        client.feedPosition = { try await calls.feedPosition($0) }
        client.feedNews = { calls.feedNews(after: $0) }
        return client
    }
}

extension TestControlsClient {
    static func remote(_ calls: RemoteCalls) -> TestControlsClient {
        var client = TestControlsClient()
        client.pendingActions = { try await calls.pendingActions($0) }
        client.approvePurchase = { try await calls.approvePurchase($0) }
        client.declinePurchase = { try await calls.declinePurchase($0) }
        client.answerPriceIncrease = { try await calls.answerPriceIncrease($0, accept: $1) }
        client.storeControls = { try await calls.storeControls() }
        client.updateStoreControls = { try await calls.updateStoreControls($0) }
        client.testClock = { try await calls.testClock($0) }
        client.advanceTestClock = { try await calls.advanceTestClock($0, to: $1) }
        client.attachNewTestClock = { try await calls.attachNewTestClock($0, name: $1) }
        client.detachTestClock = { try await calls.detachTestClock($0) }
        client.webhookDeliveries = { try await calls.webhookDeliveries() }
        client.replayWebhook = { try await calls.replayWebhook($0) }
        client.duplicateWebhook = { try await calls.duplicateWebhook($0) }
        return client
    }
}
