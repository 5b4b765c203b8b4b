import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// Managing a subscription over the customer API: list, cancel and resume, preview and change the
/// plan, intro eligibility; and none of it reaches another customer's subscription.
@Suite struct SubscriptionAPITests {
    @Test func cancelResumeAndAPlanChangeThatDoesWhatItsPreviewSaid() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        #expect(try await ann.client.getIntroEligibility().ok.body.json.eligible)
        let bought = try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly"))).ok.body.json
        let id = try #require(bought.subscriptionId)
        #expect(try await ann.client.getIntroEligibility().ok.body.json.eligible == false)

        let listed = try await ann.client.listSubscriptions().ok.body.json
        #expect(listed.map(\.id) == [id])
        #expect(listed.first?.state == .subscribed && listed.first?.willAutoRenew == true)

        let cancelled = try await ann.client.cancelSubscription(path: .init(subscriptionId: id),
                                                                body: .json(.init(reason: .tooExpensive))).ok.body.json
        #expect(!cancelled.willAutoRenew && cancelled.cancellationReason == "too_expensive")
        let resumed = try await ann.client.resumeSubscription(path: .init(subscriptionId: id)).ok.body.json
        #expect(resumed.willAutoRenew)

        let preview = try await ann.client.previewPlanChange(path: .init(subscriptionId: id),
                                                             query: .init(to: "enterprise.monthly")).ok.body.json
        #expect(preview.kind == .upgrade && preview.fromProductId == "pro.monthly")
        let changed = try await ann.client.changePlan(path: .init(subscriptionId: id),
                                                      headers: .init(idempotencyKey: "move-1"),
                                                      body: .json(.init(toProductId: "enterprise.monthly"))).ok.body.json
        switch preview.timing {
        case .immediate:
            #expect(changed.outcome == .changed && changed.subscription?.productId == "enterprise.monthly")
            #expect(changed.invoice?.total.amount == preview.chargeNow.amount)
        case .atRenewal:
            #expect(changed.outcome == .scheduled && changed.subscription?.pendingProductId == "enterprise.monthly")
        }
        let replay = try await ann.client.changePlan(path: .init(subscriptionId: id), headers: .init(idempotencyKey: "move-1"),
                                                     body: .json(.init(toProductId: "enterprise.monthly"))).ok.body.json
        #expect(replay.invoice?.id == changed.invoice?.id)
        #expect(try await fixture.service.checkInvariants() == [])
    }

    /// Issue 41, items 4 and 6: the subscription view shows a change waiting for the renewal with
    /// its date and the amount the renewal charges, and DELETE on plan-change undoes it.
    @Test func aScheduledChangeIsInTheSubscriptionViewAndCanBeWithdrawn() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let id = try #require(try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly")))
            .ok.body.json.subscriptionId)
        #expect(try await ann.client.listSubscriptions().ok.body.json.first?.scheduledChange == nil)
        let preview = try await ann.client.previewPlanChange(path: .init(subscriptionId: id),
                                                             query: .init(to: "pro.yearly")).ok.body.json
        #expect(preview.timing == .atRenewal)
        _ = try await ann.client.changePlan(path: .init(subscriptionId: id), headers: .init(idempotencyKey: "yearly"),
                                            body: .json(.init(toProductId: "pro.yearly"))).ok
        let listed = try #require(try await ann.client.listSubscriptions().ok.body.json.first)
        let scheduled = try #require(listed.scheduledChange)
        #expect(scheduled.productId == "pro.yearly" && scheduled.kind == .crossgrade)
        #expect(scheduled.effectiveAt == listed.currentPeriodEnd)
        #expect(scheduled.amount == preview.nextChargeAmount)
        // Cancelling keeps it recorded (it happens only if resumed); resuming shows it again.
        let cancelled = try await ann.client.cancelSubscription(path: .init(subscriptionId: id), body: nil).ok.body.json
        #expect(!cancelled.willAutoRenew && cancelled.scheduledChange == scheduled)
        #expect(try await ann.client.resumeSubscription(path: .init(subscriptionId: id)).ok.body.json.scheduledChange == scheduled)

        let withdrawn = try await ann.client.withdrawPlanChange(path: .init(subscriptionId: id)).ok.body.json
        #expect(withdrawn.scheduledChange == nil && withdrawn.pendingProductId == nil && withdrawn.productId == "pro.monthly")
        guard case let .default(statusCode, _) = try await ann.client.withdrawPlanChange(path: .init(subscriptionId: id)) else {
            Issue.record("withdrawing nothing was accepted")
            return
        }
        #expect(statusCode == 400)
        #expect(try await fixture.service.checkInvariants() == [])
    }

    @Test func anotherCustomersSubscriptionAnswersNotFound() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let id = try #require(try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly")))
            .ok.body.json.subscriptionId)
        let paths: [(String, String, String?)] = [
            ("POST", "/v1/subscriptions/\(id)/cancel", "{}"), ("POST", "/v1/subscriptions/\(id)/resume", nil),
            ("GET", "/v1/subscriptions/\(id)/plan-change?to=enterprise.monthly", nil),
            ("POST", "/v1/subscriptions/\(id)/plan-change", #"{"to_product_id":"enterprise.monthly"}"#),
            ("POST", "/v1/subscriptions/sub_nope/cancel", "{}"),
        ]
        for (method, path, body) in paths {
            let answer = try await fixture.raw(method, path, key: bob.key, body: body)
            #expect(answer.status == 404, "\(method) \(path): \(answer.body)")
            #expect(answer.body.contains("https://kiosk.dev/problems/not-found"))
        }
        #expect(try await bob.client.listSubscriptions().ok.body.json.isEmpty)
        let untouched = try #require(try await fixture.service.subscriptions(accountID: ann.id).first)
        #expect(untouched.willAutoRenew && untouched.productID == "pro.monthly")
    }
}
