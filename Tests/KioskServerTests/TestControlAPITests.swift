import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// Test clocks through the test-control API: a subscription bought on a clock renews when the
/// clock is advanced over HTTP, and the customer sees the renewal invoice.
@Suite(.serialized) struct TestControlAPITests {
    @Test func advancingAClockRenewsASubscription() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let start = ServerFixture.start
        let clock = try await fixture.admin.createTestClock(body: .json(.init(name: "qa", frozenAt: start))).created.body.json
        let created = try await fixture.admin.createAccount(body: .json(.init(name: "Ann", email: "ann@example.com")))
            .created.body.json
        let attached = try await fixture.admin.attachTestClock(path: .init(accountId: created.id),
                                                               body: .json(.init(clockId: clock.id))).ok.body.json
        #expect(attached.id == created.id)
        let ann = fixture.client(key: created.apiKey)
        _ = try await ann.addCard(body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")))
            .created.body.json
        let bought = try await ann.createPurchase(body: .json(.init(productId: "pro.yearly"))).ok.body.json
        #expect(bought.outcome == .purchased)

        let twoYears = start.addingTimeInterval(2 * 366 * 86_400)
        let report = try await fixture.admin.advanceTestClock(path: .init(clockId: clock.id), body: .json(.init(to: twoYears)))
            .ok.body.json
        #expect(report.renewals >= 1)
        #expect(try await fixture.admin.getTestClock(path: .init(clockId: clock.id)).ok.body.json.frozenTime == twoYears)
        let invoices = try await ann.listInvoices().ok.body.json.items
        #expect(invoices.contains { $0.kind == .renewal && $0.status == .paid })

        guard case let .default(status, problem) = try await fixture.admin.advanceTestClock(
            path: .init(clockId: clock.id), body: .json(.init(to: start))) else {
            Issue.record("a clock moved backwards")
            return
        }
        #expect(status == 409)
        #expect(try problem.body.applicationProblemJson._type == "https://kiosk.dev/problems/conflict")
        guard case let .default(missing, _) = try await fixture.admin.getTestClock(path: .init(clockId: "clock_nope")) else {
            Issue.record("an unknown clock was found")
            return
        }
        #expect(missing == 404)
    }
}
