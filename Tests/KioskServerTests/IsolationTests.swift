import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// A customer's key reaches only that customer's data: other customers' ids answer 404, the same
/// as ids that do not exist, on every customer endpoint that takes an id.
@Suite(.serialized) struct IsolationTests {
    @Test func anotherCustomersIdsAnswerNotFound() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let annsInvoice = try #require(try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime")))
            .ok.body.json.invoice?.id)
        let annsCard = try #require(try await ann.client.listPaymentMethods().ok.body.json.first?.id)

        try expectNotFound(try await bob.client.getInvoice(path: .init(invoiceId: annsInvoice)))
        try expectNotFound(try await bob.client.getInvoice(path: .init(invoiceId: "INV-999999")))
        try expectNotFound(try await bob.client.refundInvoice(path: .init(invoiceId: annsInvoice)))
        try expectNotFound(try await bob.client.createPurchase(body: .json(.init(productId: "points.500",
                                                                                  paymentMethodId: annsCard))))

        try await fixture.desk.updateStoreControls(StoreControls(askToBuy: true))
        let annsRequest = try #require(try await ann.client.createStorePurchase(body: .json(.init(productId: "points.500")))
            .ok.body.json.pendingActionId)
        try expectNotFound(try await bob.client.getPendingStorePurchase(path: .init(pendingActionId: annsRequest)))

        #expect(try await ann.client.getInvoice(path: .init(invoiceId: annsInvoice)).ok.body.json.id == annsInvoice)
        #expect(try await bob.client.listInvoices().ok.body.json.items.isEmpty)
        #expect(try await bob.client.getCustomer().ok.body.json.entitlements.isEmpty)
        // Nothing Bob tried changed Ann's books.
        #expect(try await fixture.service.invoice(annsInvoice).status == .paid)
        #expect(try await fixture.service.checkInvariants().isEmpty)
    }

    @Test func everyCustomerOperationNeedsACustomerKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let paths: [(String, String, String?)] = [
            ("GET", "/v1/customer", nil), ("GET", "/v1/invoices", nil), ("GET", "/v1/invoices/INV-000001", nil),
            ("POST", "/v1/invoices/INV-000001/refund", nil), ("POST", "/v1/purchases", #"{"product_id":"points.500"}"#),
            ("GET", "/v1/payment-methods", nil), ("GET", "/v1/subscriptions", nil), ("GET", "/v1/intro-eligibility", nil),
            ("POST", "/v1/subscriptions/sub_000001/cancel", "{}"), ("POST", "/v1/subscriptions/sub_000001/resume", nil),
            ("GET", "/v1/subscriptions/sub_000001/plan-change?to=pro.yearly", nil),
            ("POST", "/v1/subscriptions/sub_000001/plan-change", #"{"to_product_id":"pro.yearly"}"#),
            ("POST", "/api/v1/public/iap/ios", #"{"uid":"a","pid":"b","receipt":"c"}"#),
            ("POST", "/api/v1/public/iap/ios/verify", #"{"receipt":"c"}"#),
            ("POST", "/api/checkout/create", #"{"userEmail":"a@example.com","userId":"a"}"#),
            ("GET", "/api/user/subscription-status?userId=a", nil),
            ("POST", "/v1/purchases/pa_000001/authentication", #"{"approved":true}"#),
            ("GET", "/v1/usage", nil), ("POST", "/v1/usage/projects", nil), ("GET", "/v1/points", nil),
            ("POST", "/v1/points/spend", #"{"points":1,"reason":"x"}"#), ("GET", "/v1/notices", nil),
            ("POST", "/v1/restore", "{}"), ("GET", "/v1/offerings", nil),
            ("POST", "/v1/store-purchases", #"{"product_id":"points.500"}"#),
            ("GET", "/v1/store-purchases/pending/pa_000001", nil),
            ("POST", "/v1/price-increases/pa_000001", #"{"accept":true}"#),
            ("POST", "/v1/payment-methods", #"{"number":"4242424242424242","exp_month":1,"exp_year":2030,"cvc":"123"}"#),
            ("GET", "/v1/catalog", nil), ("GET", "/v1/events/position", nil), ("GET", "/v1/entitlements", nil),
            ("DELETE", "/v1/payment-methods/pm_1", nil), ("PUT", "/v1/payment-methods/pm_1/default", nil),
            ("POST", "/v1/checkout-sessions", #"{"product_id":"themes.lifetime"}"#),
            ("GET", "/v1/checkout-sessions/cks_1", nil), ("POST", "/v1/checkout-sessions/cks_1/abandon", nil),
        ]
        for (method, path, body) in paths {
            for key: String? in [nil, "kiosk_sk_unknown", fixture.adminKey.value] {
                let answer = try await fixture.raw(method, path, key: key, body: body)
                #expect(answer.status == 401, "\(method) \(path) with \(key ?? "no key")")
                #expect(answer.contentType == "application/problem+json")
                #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/unauthorized""#))
            }
        }
    }

    @Test func testControlNeedsTheAdminKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let customerKey = try await fixture.admin.rotateAccountKey(path: .init(accountId: ann.id)).created.body.json.apiKey
        for key: String? in [nil, customerKey, "kiosk_admin_wrong"] {
            let create = try await fixture.raw("POST", "/v1/admin/accounts", key: key, body: #"{"name":"x","email":"x@example.com"}"#)
            #expect(create.status == 401)
            let rotate = try await fixture.raw("POST", "/v1/admin/accounts/\(ann.id)/key", key: key)
            #expect(rotate.status == 401)
            for (method, path, body) in [("GET", "/v1/admin/store-controls", nil), ("PUT", "/v1/admin/store-controls", "{}"),
                                         ("GET", "/v1/admin/pending-actions", nil),
                                         ("POST", "/v1/admin/pending-actions/pa_1/approve", nil),
                                         ("POST", "/v1/admin/pending-actions/pa_1/decline", nil),
                                         ("GET", "/v1/admin/snapshots", nil), ("POST", "/v1/admin/snapshots", #"{"name":"x"}"#),
                                         ("POST", "/v1/admin/snapshots/x/restore", nil), ("POST", "/v1/admin/reset", nil),
                                         ("POST", "/v1/admin/clear-transactions", nil),
                                         ("POST", "/v1/admin/subscriptions/sub_1/price-increase", #"{"new_price":1}"#),
                                         ("POST", "/v1/admin/test-clocks", #"{"name":"x","frozen_at":"2030-01-01T00:00:00Z"}"#),
                                         ("PUT", "/v1/admin/accounts/\(ann.id)/test-clock", #"{"clock_id":"clock_1"}"#),
                                         ("POST", "/v1/admin/accounts/\(ann.id)/test-clock", #"{"name":"x"}"#),
                                         ("DELETE", "/v1/admin/accounts/\(ann.id)/test-clock", nil),
                                         ("GET", "/v1/admin/webhook-deliveries", nil), ("GET", "/v1/admin/events", nil),
                                         ("POST", "/v1/admin/webhook-deliveries/whd_1/replay", nil),
                                         ("POST", "/v1/admin/webhook-deliveries/whd_1/duplicate", nil)]
                as [(String, String, String?)] {
                #expect(try await fixture.raw(method, path, key: key, body: body).status == 401, "\(method) \(path)")
            }
        }
        #expect(try await fixture.service.accounts().count == 1)
        #expect(try await fixture.service.account(ann.id).testClockID == nil)
    }

    @Test func aRotatedKeyStopsWorkingAndOnlyHashesAreStored() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let created = try await fixture.admin.createAccount(body: .json(.init(name: "Ann", email: "ann@example.com")))
            .created.body.json
        let rotated = try await fixture.admin.rotateAccountKey(path: .init(accountId: created.id)).created.body.json
        #expect(rotated.apiKey != created.apiKey)
        #expect(try await fixture.raw("GET", "/v1/customer", key: created.apiKey).status == 401)
        #expect(try await fixture.raw("GET", "/v1/customer", key: rotated.apiKey).status == 200)
        #expect(try await fixture.service.accountID(forAPIKey: rotated.apiKey) == created.id)
        #expect(try await fixture.service.accountID(forAPIKey: created.apiKey) == nil)
    }

    private func expectNotFound<Output>(_ output: Output, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mirror = Mirror(reflecting: output)
        guard let child = mirror.children.first, child.label == "default",
              let (status, problem) = child.value as? (statusCode: Int, Components.Responses.Problem) else {
            Issue.record("expected a 404 problem, got \(output)", sourceLocation: sourceLocation)
            return
        }
        #expect(status == 404, sourceLocation: sourceLocation)
        #expect(try problem.body.applicationProblemJson._type == "https://kiosk.dev/problems/not-found",
                sourceLocation: sourceLocation)
    }
}
