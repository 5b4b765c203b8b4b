import Foundation
import Testing
@testable import PaymentsCore

/// Two services on one store, as two `kiosk serve` instances on one database (or two processes
/// on one data directory): purchases, retries of one key sent to both, refunds and due work at
/// once. Afterwards every key is recorded once, the books balance and no renewal is charged twice.
@Suite struct TwoInstancesTests {
    @Test func purchasesRetriesRefundsAndRenewalsAtOnceAreEachRecordedOnce() async throws {
        let store = try await CoreFixture()
        let second = try await store.reopen()
        let instances = [store.service, second]
        var accounts: [Account] = []
        for name in ["ada", "bob", "cy", "dee"] { accounts.append(try await store.account(name)) }
        let customers = accounts

        // Each key is sent to both instances at once: a retry that lands on the other instance.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for attempt in 0..<16 {
                let account = customers[attempt / 2 % customers.count]
                let product = attempt / 2 < customers.count ? "pro.yearly" : "points.500"
                let request = PurchaseRequest(accountID: account.id, productID: product, idempotencyKey: "key-\(attempt / 2)")
                let instance = instances[attempt % 2]
                group.addTask { _ = try await instance.purchase(request) }
            }
            try await group.waitForAll()
        }
        for account in customers {
            let invoices = try await second.invoices(accountID: account.id, query: InvoiceQuery(limit: 50)).items
            #expect(invoices.count == 2, "\(account.name): \(invoices.map(\.description))")
            #expect(try await store.service.account(account.id).pointsBalance == 500)
        }

        // Refund every points invoice from both instances at once, while both run due work.
        let pointsInvoices = try await store.service.invoices(accountID: customers[0].id, query: InvoiceQuery(limit: 50)).items
            .filter { $0.productID == "points.500" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for invoice in pointsInvoices {
                for instance in instances {
                    group.addTask { _ = try await instance.refund(invoiceID: invoice.id, idempotencyKey: "refund-\(invoice.id)") }
                }
            }
            for instance in instances { group.addTask { try await instance.runDueWork() } }
            try await group.waitForAll()
        }
        let refunds = try await second.invoices(accountID: customers[0].id, query: InvoiceQuery(limit: 50)).items
            .filter { $0.kind == .refund }
        #expect(pointsInvoices.count == 1 && refunds.map(\.refundOf) == pointsInvoices.map(\.id))

        // A year on, both instances' schedulers tick at once: each plan renews once.
        store.moveClock(days: 366)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for instance in instances { group.addTask { try await instance.runDueWork() } }
            try await group.waitForAll()
        }
        for account in customers {
            let renewals = try await store.service.invoices(accountID: account.id, query: InvoiceQuery(limit: 50)).items
                .filter { $0.kind == .renewal }
            #expect(renewals.count == 1, "\(account.name) renewed \(renewals.count) times")
        }
        #expect(try await store.invariants() == [])
        #expect(try await second.checkInvariants() == [])
    }
}
