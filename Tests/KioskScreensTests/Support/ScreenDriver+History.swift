import Foundation
import PaymentsCore
import Testing

extension ScreenDriver {
    /// A signed-in Enterprise monthly subscriber on a test clock advanced `months` months, so the
    /// core has issued one invoice at purchase and one per renewal. Returns every invoice, newest
    /// first, as the core lists them.
    @discardableResult
    func monthlyHistory(months: Int) async throws -> [Invoice] {
        let testClock = try await service.createTestClock(name: "history", frozenAt: Self.start)
        // A card valid for the whole history: an expired card would end it in billing retry.
        let account = try await signIn(withCard: false)
        _ = try await service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_history", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099))
        _ = try await service.attach(accountID: account.id, toTestClock: testClock.id)
        _ = try await service.purchase(PurchaseRequest(accountID: account.id, productID: "enterprise.monthly"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let end = try #require(calendar.date(byAdding: .month, value: months, to: Self.start))
        _ = try await service.advanceTestClock(testClock.id, to: end.addingTimeInterval(3600))
        var invoices: [Invoice] = []
        var cursor: String?
        repeat {
            let page = try await service.invoices(accountID: account.id, query: InvoiceQuery(cursor: cursor, limit: 500))
            invoices += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return invoices
    }
}
