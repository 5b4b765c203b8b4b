import Foundation
import Testing
@testable import PaymentsCore

@Suite struct UsageAndClockTests {
    @Test func limitFeatureEnforcesThePlanAndResetsMonthly() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        for _ in 0..<3 { _ = try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: nil) }
        let resets = CoreFixture.date("2026-02-01T00:00:00Z")
        await #expect(throws: PaymentsError.usageLimitReached(featureID: "projects", limit: 3, used: 3, resetsAt: resets)) {
            _ = try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: nil)
        }
        store.clock.set(resets)
        let receipt = try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: "u1")
        #expect(receipt.meter.used == 1 && receipt.meter.limit == 3)
        #expect(receipt.meter.resetsAt == CoreFixture.date("2026-03-01T00:00:00Z"))
        #expect(try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: "u1") == receipt)
    }

    @Test func upgradeLiftsTheLimit() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        for _ in 0..<3 { _ = try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: nil) }
        _ = try await store.buy(ada, "pro.yearly")
        let receipt = try await store.service.recordUsage(accountID: ada.id, featureID: "projects", idempotencyKey: nil)
        #expect(receipt.meter.used == 4 && receipt.meter.limit == nil)
        #expect(try await store.service.currentPlan(accountID: ada.id)?.id == "pro")
    }

    @Test func intervalFeatureSaysWhenItIsNextAvailable() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.service.recordUsage(accountID: ada.id, featureID: "refresh", idempotencyKey: nil)
        let next = CoreFixture.date("2026-01-02T00:00:00Z")
        await #expect(throws: PaymentsError.usageTooSoon(featureID: "refresh", nextAvailableAt: next)) {
            _ = try await store.service.recordUsage(accountID: ada.id, featureID: "refresh", idempotencyKey: nil)
        }
        #expect(try await store.service.usage(accountID: ada.id).first { $0.featureID == "refresh" }?.nextAvailableAt == next)
        await #expect(throws: PaymentsError.featureNotInPlan(featureID: "export")) {
            _ = try await store.service.recordUsage(accountID: ada.id, featureID: "export", idempotencyKey: nil)
        }
        store.clock.set(next)
        _ = try await store.service.recordUsage(accountID: ada.id, featureID: "refresh", idempotencyKey: nil)
    }

    @Test func testClockAdvanceRunsYearsOfRenewalsInOrderExactlyAsRealTime() async throws {
        let store = try await CoreFixture()
        let clock = try await store.service.createTestClock(name: "qa", frozenAt: CoreFixture.date("2026-01-31T00:00:00Z"))
        let onClock = try await store.service.createAccount(NewAccount(email: "c@example.com", name: "C", testClockID: clock.id))
        _ = try await store.service.addPaymentMethod(accountID: onClock.id, NewPaymentMethod(
            token: "t", brand: "visa", last4: "4242", expMonth: 12, expYear: 2040))
        _ = try await store.buy(onClock, "max.monthly")
        // The real clock does not move the account on a test clock.
        try await store.advance(days: 400)
        #expect(try await store.service.invoices(accountID: onClock.id, query: InvoiceQuery()).items.count == 1)
        let report = try await store.service.advanceTestClock(clock.id, to: CoreFixture.date("2031-01-31T00:00:00Z"))
        #expect(report.renewals == 60)
        #expect(try await store.service.testClock(clock.id).frozenTime == CoreFixture.date("2031-01-31T00:00:00Z"))
        #expect(try await store.service.now(for: onClock.id) == CoreFixture.date("2031-01-31T00:00:00Z"))
        let page = try await store.service.invoices(accountID: onClock.id, query: InvoiceQuery(limit: 100)).items
        #expect(page.count == 61)
        #expect(page.map(\.createdAt) == page.map(\.createdAt).sorted(by: >))
        let februaries = page.filter { ISODuration.utc.component(.month, from: $0.createdAt) == 2 }
        #expect(februaries.map { ISODuration.utc.component(.day, from: $0.createdAt) } == [28, 28, 29, 28, 28])
        await #expect(throws: PaymentsError.clockCannotGoBack(current: CoreFixture.date("2031-01-31T00:00:00Z"),
                                                            requested: CoreFixture.date("2030-01-01T00:00:00Z"))) {
            _ = try await store.service.advanceTestClock(clock.id, to: CoreFixture.date("2030-01-01T00:00:00Z"))
        }
        await #expect(throws: PaymentsError.accountHasPurchases(onClock.id)) {
            _ = try await store.service.attach(accountID: onClock.id, toTestClock: clock.id)
        }
        #expect(try await store.invariants() == [])
    }

    @Test func invoicePagesWalkTheWholeHistoryWithoutGapsOrRepeats() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        for _ in 0..<23 { _ = try await store.buy(ada, "points.500") }  // many share one timestamp
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(cursor: cursor, limit: 5))
            seen += page.items.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.count == 23 && Set(seen).count == 23)
        #expect(seen == seen.sorted(by: >))
        await #expect(throws: PaymentsError.invalidInput(field: "cursor", message: "'bogus' is not a page cursor")) {
            _ = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(cursor: "bogus"))
        }
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(year: 2025)).items.isEmpty)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(status: .paid, year: 2026, limit: 50)).items.count == 23)
        // The contract's whole range of years answers; one outside it is refused, naming the field.
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(year: 9999)).items.isEmpty)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(year: 1970)).items.isEmpty)
        for year in [0, -5, 1969, 10_000] {
            await #expect(throws: PaymentsError.invalidInput(field: "year", message: "\(year) is not a year from 1970 to 9999")) {
                _ = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(year: year))
            }
        }
    }

    /// A clock set at the end of the supported years can take no purchase (its period would end
    /// past them): the purchase is refused as the input that took it there, not a storage failure.
    @Test func aPurchaseOnAClockAtTheEndOfTimeIsRefusedAsInput() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let clock = try await store.service.createTestClock(name: "end", frozenAt: CoreFixture.date("9999-12-31T00:00:00Z"))
        _ = try await store.service.attach(accountID: ada.id, toTestClock: clock.id)
        await #expect(throws: PaymentsError.invalidInput(
            field: "date", message: DateArithmeticError.outOfRange("P1W × 1 after 9999-12-31T00:00:00Z").description)) {
            _ = try await store.buy(ada, "pro.monthly")
        }
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.isEmpty)
    }

    @Test func twoConnectionsOnOneFileApplyAKeyOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let second = try await store.reopen()
        let request = PurchaseRequest(accountID: ada.id, productID: "points.500", idempotencyKey: "double-enter")
        async let one = store.service.purchase(request)
        async let two = second.purchase(request)
        let (a, b) = try await (one, two)
        #expect(a == b)
        #expect(try await second.account(ada.id).pointsBalance == 500)
        #expect(try await store.invariants() == [])
    }

    @Test func accountsValidateTheirEmailAndName() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        await #expect(throws: PaymentsError.emailTaken("ADA@example.com")) {
            _ = try await store.service.createAccount(NewAccount(email: "ADA@example.com", name: "Other"))
        }
        await #expect(throws: PaymentsError.invalidInput(field: "email", message: "'nope' is not an email address")) {
            _ = try await store.service.createAccount(NewAccount(email: "nope", name: "X"))
        }
        // The contract's bounds hold on every way in: a name or an email past them is refused.
        await #expect(throws: PaymentsError.invalidInput(field: "name", message: "must be at most 200 characters")) {
            _ = try await store.service.createAccount(NewAccount(email: "long@example.com", name: String(repeating: "n", count: 201)))
        }
        await #expect(throws: PaymentsError.invalidInput(field: "email", message: "must be at most 320 characters")) {
            _ = try await store.service.createAccount(NewAccount(email: String(repeating: "e", count: 310) + "@example.com", name: "E"))
        }
        #expect(try await store.service.createAccount(NewAccount(email: "max@example.com", name: String(repeating: "n", count: 200))).name.count == 200)
        // Issue 42 item 7: a NUL (or any control character) is refused, not stored truncated.
        await #expect(throws: PaymentsError.invalidInput(field: "name", message: "must not contain control characters (found U+0000)")) {
            _ = try await store.service.createAccount(NewAccount(email: "nul@example.com", name: "N\u{0}ame"))
        }
        await #expect(throws: PaymentsError.invalidInput(field: "email", message: "must not contain control characters (found U+0000)")) {
            _ = try await store.service.createAccount(NewAccount(email: "nulx\u{0}@example.com", name: "Nul"))
        }
        await #expect(throws: PaymentsError.invalidInput(field: "name", message: "must not contain control characters (found U+000A)")) {
            _ = try await store.service.createAccount(NewAccount(email: "line@example.com", name: "Two\nLines"))
        }
        #expect(try await store.service.createAccount(NewAccount(email: "nulx@example.com", name: "Nul")).email == "nulx@example.com")
    }

    /// A subscriber put on a new test clock renews when that clock advances, not on real time;
    /// back on real time, the scheduler renews the subscription again.
    @Test func aSubscriberMovedOntoAndOffATestClockRenewsOnTheClockItIsOn() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "qa")
        try await store.advance(days: 400)  // real time passes (2027-02-05); the account's clock does not
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2027-01-01T00:00:00Z"))
        _ = try await store.service.advanceTestClock(clock.id, to: CoreFixture.date("2027-01-15T00:00:00Z"))
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
        _ = try await store.service.detachTestClock(accountID: ada.id)
        try await store.advance(days: 340)  // real time: 2028-01-11, past the renewal
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2029-01-01T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }
}
