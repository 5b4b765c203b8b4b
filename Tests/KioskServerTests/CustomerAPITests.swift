import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// The customer API over real HTTP through the generated client: each customer reaches only
/// their own data, purchases apply once per idempotency key, refunds end access.
@Suite(.serialized) struct CustomerAPITests {
    @Test func purchaseRefundAndCustomerInfo() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")

        let bought = try await ann.client.createPurchase(headers: .init(idempotencyKey: "k1"),
                                                         body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        #expect(bought.outcome == .purchased)
        #expect(bought.entitlements == ["themes"])
        #expect(bought.invoice?.total == .init(amount: 1499, currency: "USD"))
        let jws = try #require(bought.signedTransaction)
        let verified = try await fixture.service.verifyTransaction(jws)
        #expect(verified.verifiedPayload?.productId == "themes.lifetime")

        let info = try await ann.client.getCustomer().ok.body.json
        #expect(info.account.id == ann.id)
        #expect(info.entitlements.map(\.id) == ["themes"])
        #expect(info.entitlements.first?.isActive == true)

        let invoiceID = try #require(bought.invoice?.id)
        let refunded = try await ann.client.refundInvoice(path: .init(invoiceId: invoiceID),
                                                          headers: .init(idempotencyKey: "r1")).ok.body.json
        #expect(refunded.original.status == .refunded)
        #expect(refunded.refund.total.amount == -1499)
        let after = try await ann.client.getCustomer().ok.body.json
        #expect(after.entitlements.allSatisfy { !$0.isActive })

        let page = try await ann.client.listInvoices(query: .init(limit: 1)).ok.body.json
        #expect(page.items.count == 1)
        let next = try #require(page.nextCursor)
        let second = try await ann.client.listInvoices(query: .init(limit: 1, cursor: next)).ok.body.json
        #expect(Set((page.items + second.items).map(\.id)) == [invoiceID, refunded.refund.id])
    }

    /// PUT /v1/customer/email changes the caller's own email only, held to the new-account rules.
    @Test func aCustomerChangesTheirOwnEmail() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let changed = try await ann.client.changeCustomerEmail(body: .json(.init(email: "ann.new@example.com"))).ok.body.json
        #expect(changed.id == ann.id && changed.email == "ann.new@example.com")
        #expect(try await ann.client.getCustomer().ok.body.json.account.email == "ann.new@example.com")
        let taken = try await bob.client.changeCustomerEmail(body: .json(.init(email: "ANN.NEW@example.com")))
        guard case let .default(status, _) = taken else { Issue.record("expected 409, got \(taken)"); return }
        #expect(status == 409)
        #expect(try await fixture.service.account(bob.id).email != "ANN.NEW@example.com")
    }

    /// A purchase the App Store sold is refunded by the App Store through the same endpoint: its
    /// REFUND notification books the refund with the App Store's revoked token, and a retry with
    /// the key answers the same refund.
    @Test func aStorePurchaseIsRefundedByTheAppStoreThroughTheSameEndpoint() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        guard case let .success(sold, booked) = try await fixture.appStore.storePurchase(
            StorePurchaseRequest(accountID: ann.id, productID: "themes.lifetime")) else {
            Issue.record("the sheet did not sell"); return
        }
        let refunded = try await ann.client.refundInvoice(path: .init(invoiceId: booked.invoice.id),
                                                          headers: .init(idempotencyKey: "r1")).ok.body.json
        #expect(refunded.original.status == .refunded && refunded.refund.total.amount == -1499)
        let again = try await ann.client.refundInvoice(path: .init(invoiceId: booked.invoice.id),
                                                       headers: .init(idempotencyKey: "r1")).ok.body.json
        #expect(again.refund.id == refunded.refund.id)
        let kept = try #require(try await fixture.service.transactions(accountID: ann.id, limit: 1).first)
        #expect(kept.payload.transactionId == sold.payload.transactionId && kept.payload.revocationDate != nil)
        #expect(try await fixture.service.verifyAppStoreTransaction(kept.jws).verifiedPayload?.revocationDate != nil)
        #expect(try await ann.client.getCustomer().ok.body.json.entitlements.allSatisfy { !$0.isActive })
    }

    /// The plan comes from the customer info's plan standing (one read), as the current plan did.
    @Test func customerInfoNamesThePlanThatApplies() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let bea = try await fixture.customer("bea")
        let before = try await bea.client.getCustomer().ok.body.json
        #expect(before.plan?.id == "free" && before.plan?.name == "Free")
        _ = try await bea.client.createPurchase(headers: .init(idempotencyKey: "p1"),
                                                body: .json(.init(productId: "pro.yearly"))).ok.body.json
        let after = try await bea.client.getCustomer().ok.body.json
        #expect(after.plan?.id == "pro" && after.plan?.name == "Pro")
        let core = try await fixture.service.currentPlan(accountID: bea.id)
        #expect(after.plan?.id == core?.id && after.plan?.name == core?.name)
    }

    @Test func aRetryAppliesOnceAndASecondPurchaseIsNotARetry() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        func buy(_ key: String, _ product: String = "points.500") async throws -> Operations.CreatePurchase.Output {
            try await ann.client.createPurchase(headers: .init(idempotencyKey: key), body: .json(.init(productId: product)))
        }

        let first = try await buy("a").ok.body.json
        let retry = try await buy("a").ok.body.json
        #expect(retry.invoice?.id == first.invoice?.id)
        let second = try await buy("b").ok.body.json
        #expect(second.invoice?.id != first.invoice?.id)
        let account = try await fixture.service.account(ann.id)
        #expect(account.pointsBalance == 1000)

        guard case let .default(status, problem) = try await buy("a", "points.1000") else {
            Issue.record("the same key with another product was accepted")
            return
        }
        #expect(status == 422)
        #expect(try problem.body.applicationProblemJson._type == "https://kiosk.dev/problems/idempotency-key-reused")
    }

    @Test func idempotencyKeysOfTwoCustomersDoNotMeet() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let annsPurchase = try await ann.client.createPurchase(headers: .init(idempotencyKey: "same"),
                                                               body: .json(.init(productId: "points.500"))).ok.body.json
        let bobsPurchase = try await bob.client.createPurchase(headers: .init(idempotencyKey: "same"),
                                                               body: .json(.init(productId: "points.500"))).ok.body.json
        #expect(annsPurchase.invoice?.id != bobsPurchase.invoice?.id)
        #expect(try await fixture.service.account(bob.id).pointsBalance == 500)
    }

    @Test func aDeclineIsAnOutcomeWithItsInvoice() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann", card: "4000000000000341")
        let result = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        #expect(result.outcome == .declined)
        #expect(result.declineCode == "generic_decline")
        #expect(result.invoice?.status == .void)
        #expect(result.invoice?.failureCode == "generic_decline")
    }

    @Test func savedCardsShowOnlyBrandLastFourAndExpiry() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let key = try await annKey(fixture, ann.id)
        let raw = try await fixture.raw("GET", "/v1/payment-methods", key: key)
        #expect(raw.status == 200)
        #expect(raw.body.contains("\"4242\""))
        #expect(!raw.body.contains("4242424242424242"))
        #expect(!raw.body.contains("123"))
        let rejected = try await fixture.client(key: key).addCard(body: .json(.init(number: "4242424242424241", expMonth: 12,
                                                                      expYear: 2030, cvc: "123")))
        guard case let .default(status, problem) = rejected else {
            Issue.record("a card failing the Luhn check was saved")
            return
        }
        #expect(status == 422)
        #expect(try problem.body.applicationProblemJson.field == "number")
    }

    /// A fresh key for the account (the fixture's client holds the first one, which this replaces).
    private func annKey(_ fixture: ServerFixture, _ id: String) async throws -> String {
        try await fixture.admin.rotateAccountKey(path: .init(accountId: id)).created.body.json.apiKey
    }
}
