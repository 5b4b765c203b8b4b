import Foundation
import HostedCheckout
import PaymentsCore
import Simulators
import Testing

/// A subscription bought through hosted checkout keeps talking to Kiosk through signed webhooks
/// for the rest of its life: renewals, billing issues, refunds and its end arrive at Kiosk's
/// endpoint over HTTP, are verified and applied.
@Suite struct ProviderLifecycleWebhookTests {
    @Test func renewalBillingIssueRefundAndEndAreDeliveredAsVerifiedWebhooks() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("pro.monthly")
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("5555555555554444"))
        _ = try await Browser.get(try #require(paid.location))
        let subscriptionID = try #require(try await checkout.outcome().session.subscriptionID)

        fixture.clock.set(try ISODuration(months: 1).advance(HostedCheckoutFixture.start))
        try await fixture.service.runDueWork()  // as the scheduler's next tick does
        #expect(try await fixture.service.subscriptions(accountID: fixture.account.id).first?.state == .subscribed)
        _ = try await fixture.server.deliverDueWebhooks()
        #expect(try await fixture.provider.webhookDeliveries().last?.eventType == .subscriptionRenewed)
        #expect(try await fixture.service.providerSubscriptionStatus(subscriptionID) == "active")

        try await fixture.service.updateStoreControls(StoreControls(renewalsFail: true))
        fixture.clock.set(try ISODuration(months: 2).advance(HostedCheckoutFixture.start))
        try await fixture.service.runDueWork()
        #expect(try await fixture.service.subscriptions(accountID: fixture.account.id).first?.state == .inGracePeriod)
        _ = try await fixture.server.deliverDueWebhooks()
        #expect(try await fixture.service.providerSubscriptionStatus(subscriptionID) == "on_hold")

        let renewal = try #require(try await fixture.service.invoices(
            accountID: fixture.account.id, query: InvoiceQuery(status: .paid)).items.first)
        _ = try await fixture.service.refund(invoiceID: renewal.id, idempotencyKey: nil)
        _ = try await fixture.server.deliverDueWebhooks()
        let types = try await fixture.provider.webhookDeliveries().map(\.eventType)
        #expect(types == [.paymentSucceeded, .subscriptionActive, .subscriptionRenewed, .subscriptionOnHold,
                          .subscriptionCancelled, .refundSucceeded])
        #expect(try await fixture.provider.webhookDeliveries().allSatisfy { $0.status == .delivered })
        #expect(try await fixture.service.providerSubscriptionStatus(subscriptionID) == "cancelled")
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.service.checkInvariants() == [])
        await fixture.server.stop()
    }

    @Test func subscriptionsBoughtOutsideHostedCheckoutSendNoWebhooks() async throws {
        let fixture = try await HostedCheckoutFixture()
        let appStore = SimulatedAppStore(beside: fixture.service)
        _ = try await appStore.storePurchase(StorePurchaseRequest(accountID: fixture.account.id, productID: "pro.monthly"))
        fixture.clock.set(try ISODuration(months: 1).advance(HostedCheckoutFixture.start))
        try await fixture.service.runDueWork()
        try await appStore.runScheduledDueWork()
        #expect(try await fixture.service.subscriptions(accountID: fixture.account.id).first?.currentPeriodEnd
                == (try ISODuration(months: 2).advance(HostedCheckoutFixture.start)))
        #expect(try await fixture.provider.webhookDeliveries().isEmpty)
        await fixture.server.stop()
    }

    /// The provider learns of a renewal from the store's events, after the fact: the webhook
    /// still carries what that renewal charged and the period it paid for, and looking twice
    /// queues it once.
    @Test func aRenewalIsToldOnceWithItsAmountAndNextBillingDate() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("pro.monthly")
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        _ = try await Browser.get(try #require(paid.location))
        let subscriptionID = try #require(try await checkout.outcome().session.subscriptionID)

        let oneMonth = try ISODuration(months: 1).advance(HostedCheckoutFixture.start)
        let twoMonths = try ISODuration(months: 2).advance(HostedCheckoutFixture.start)
        fixture.clock.set(oneMonth)
        try await fixture.service.runDueWork()
        fixture.clock.set(twoMonths)
        try await fixture.service.runDueWork()  // a second renewal before the provider looks
        let deliveries = try await fixture.provider.webhookDeliveries()
        #expect(try await fixture.provider.webhookDeliveries() == deliveries)
        let renewals = try deliveries.filter { $0.eventType == .subscriptionRenewed }
            .map { try WebhookEvent(jsonBody: $0.body) }
        #expect(renewals.map(\.data.subscriptionId) == [subscriptionID, subscriptionID])
        #expect(renewals.map(\.data.totalAmount) == [999, 999])
        #expect(renewals.map(\.timestamp) == [oneMonth, twoMonths])
        #expect(renewals.map(\.data.nextBillingDate) == [twoMonths, try ISODuration(months: 3).advance(HostedCheckoutFixture.start)])
        await fixture.server.stop()
    }

    /// With a three-day grace period the day-3 retry falls on the instant grace ends: that retry
    /// failing is the same billing issue, so the provider tells "on hold" once.
    @Test func aRetryFailingJustAsGraceEndsIsNotASecondHold() async throws {
        let fixture = try await HostedCheckoutFixture()
        try await fixture.service.updateSettings(StoreSettings(gracePeriodDays: 3))
        let checkout = try await fixture.begin("pro.monthly")
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        _ = try await Browser.get(try #require(paid.location))
        try await fixture.service.updateStoreControls(StoreControls(renewalsFail: true))
        let renewal = try ISODuration(months: 1).advance(HostedCheckoutFixture.start)
        fixture.clock.set(renewal)
        try await fixture.service.runDueWork()
        fixture.clock.set(try ISODuration(days: 3).advance(renewal))
        try await fixture.service.runDueWork()
        #expect(try await fixture.service.subscriptions(accountID: fixture.account.id).first?.state == .inBillingRetryPeriod)
        let events = try await fixture.service.events(accountID: fixture.account.id, after: nil, limit: 1_000).map(\.type)
        #expect(events.filter { $0 == .renewalFailed }.count == 3)  // the renewal, and the retries of days 1 and 3
        let holds = try await fixture.provider.webhookDeliveries().filter { $0.eventType == .subscriptionOnHold }
        #expect(holds.count == 1)
        await fixture.server.stop()
    }
}
