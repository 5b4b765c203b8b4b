import Foundation
import HostedCheckout
import PaymentsCore
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
        #expect(try await fixture.service.webhookDeliveries().last?.eventType == .subscriptionRenewed)
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
        let types = try await fixture.service.webhookDeliveries().map(\.eventType)
        #expect(types == [.paymentSucceeded, .subscriptionActive, .subscriptionRenewed, .subscriptionOnHold,
                          .subscriptionCancelled, .refundSucceeded])
        #expect(try await fixture.service.webhookDeliveries().allSatisfy { $0.status == .delivered })
        #expect(try await fixture.service.providerSubscriptionStatus(subscriptionID) == "cancelled")
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.service.checkInvariants() == [])
        await fixture.server.stop()
    }

    @Test func subscriptionsBoughtOutsideHostedCheckoutSendNoWebhooks() async throws {
        let fixture = try await HostedCheckoutFixture()
        _ = try await fixture.service.storePurchase(StorePurchaseRequest(accountID: fixture.account.id, productID: "pro.monthly"))
        fixture.clock.set(try ISODuration(months: 1).advance(HostedCheckoutFixture.start))
        try await fixture.service.runDueWork()
        #expect(try await fixture.service.subscriptions(accountID: fixture.account.id).first?.currentPeriodEnd
                == (try ISODuration(months: 2).advance(HostedCheckoutFixture.start)))
        #expect(try await fixture.service.webhookDeliveries().isEmpty)
        await fixture.server.stop()
    }
}
