import Foundation
import Testing
@testable import PaymentsCore

/// Stripe's dispute, refund-failure and 3-D Secure test cards through the whole core: billing
/// history, the ledger, events and the invariants.
@Suite struct CardAftermathTests {
    private func customer(_ store: CoreFixture, card number: String) async throws -> Account {
        let account = try await store.account(card: nil)
        _ = try await store.service.addCard(accountID: account.id, card: CardDetails(
            number: number, expiryMonth: 12, expiryYear: 2030, cvc: "123", postalCode: "94107"), makeDefault: true)
        return account
    }

    /// Oldest first.
    private func history(_ store: CoreFixture, _ account: Account) async throws -> [Invoice] {
        try await store.service.invoices(accountID: account.id, query: InvoiceQuery()).items
            .sorted { $0.id < $1.id }
    }

    /// The ledger entries of one invoice as (kind, amount), in the order they were posted.
    private func ledger(_ store: CoreFixture, _ invoiceID: String) async throws -> [String] {
        try await store.service.storage.read { db in
            try await db.fetchAll(StoredRow.self, "SELECT kind, amount FROM ledger WHERE invoice_id = ? ORDER BY seq", [invoiceID])
                .map { row in "\(try row.get("kind", as: String.self)) \(try row.get("amount", as: Int64.self))" }
        }
    }

    private func events(_ store: CoreFixture, _ account: Account) async throws -> [StoreEvent] {
        try await store.service.events(accountID: account.id, after: nil, limit: 100)
    }

    @Test(arguments: [("4000000000000259", "fraudulent"), ("4000000000002685", "product_not_received"),
                     ("4000000404000038", "fraudulent"), ("4000008400000779", "noncompliant"), ("5105008400000002", "noncompliant")])
    func aPaidChargeIsThenDisputedAndTheAmountWithdrawn(number: String, reason: String) async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: number)
        let receipt = try await store.buy(ada, "themes")
        #expect(receipt.invoice.status == .paid)
        let invoices = try await history(store, ada)
        #expect(invoices.count == 2)
        let dispute = try #require(invoices.last)
        #expect(dispute.kind == .dispute && dispute.status == .disputed)
        #expect(dispute.total == Money(minorUnits: -1500, currency: .usd))
        #expect(dispute.refundOf == receipt.invoice.id)
        #expect(dispute.description == "Dispute of \(receipt.invoice.id) (\(reason))")
        #expect(try await ledger(store, receipt.invoice.id) == ["charge 1500"])
        #expect(try await ledger(store, dispute.id) == ["dispute -1500"])
        let opened = try await events(store, ada).filter { $0.type == .disputeOpened }
        #expect(opened.map(\.detail) == [reason])
        #expect(try await store.service.invoice(receipt.invoice.id).status == .paid)
        #expect(try await store.invariants() == [])
    }

    @Test func anInquiryOpensADisputeWithoutWithdrawingFunds() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000001976")
        let receipt = try await store.buy(ada, "themes")
        let dispute = try #require(try await history(store, ada).last)
        #expect(dispute.kind == .dispute && dispute.status == .open && dispute.refundOf == receipt.invoice.id)
        #expect(try await ledger(store, dispute.id).isEmpty)
        #expect(try await store.invariants() == [])
    }

    @Test func multipleDisputesWithdrawOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000404000079")
        let receipt = try await store.buy(ada, "themes")
        let disputes = try await history(store, ada).filter { $0.kind == .dispute }
        #expect(disputes.map(\.status) == [.disputed, .open])
        #expect(disputes.allSatisfy { $0.refundOf == receipt.invoice.id })
        var ledgers: [[String]] = []
        for dispute in disputes { ledgers.append(try await ledger(store, dispute.id)) }
        #expect(ledgers == [["dispute -1500"], []])
        #expect(try await store.invariants() == [])
    }

    @Test func anEarlyFraudWarningMovesNoMoney() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000005423")
        let receipt = try await store.buy(ada, "themes")
        #expect(try await history(store, ada).map(\.id) == [receipt.invoice.id])
        let warnings = try await events(store, ada).filter { $0.type == .earlyFraudWarning }
        #expect(warnings.map(\.invoiceID) == [receipt.invoice.id])
        #expect(try await store.invariants() == [])
    }

    @Test func renewalsOnADisputeCardAreDisputedToo() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000000259")
        _ = try await store.buy(ada, "pro.yearly")
        try await store.advance(days: 366)
        #expect(try await store.subscription(ada).state == .subscribed)
        let invoices = try await history(store, ada)
        #expect(invoices.map(\.kind) == [.subscriptionCreate, .dispute, .renewal, .dispute])
        #expect(invoices[3].refundOf == invoices[2].id)
        #expect(try await store.invariants() == [])
    }

    @Test func aRefundOnTheAsynchronousFailureCardSucceedsThenFails() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000005126")
        let receipt = try await store.buy(ada, "themes")
        let outcome = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        #expect(outcome.refund.status == .void && outcome.refund.failureCode == "refund_failed")
        #expect(outcome.original.status == .paid)
        #expect(try await ledger(store, outcome.refund.id) == ["refund -1500", "refund_failed 1500"])
        let kinds = try await events(store, ada).map(\.type).filter { $0 == .refunded || $0 == .refundFailed }
        #expect(kinds == [.refunded, .refundFailed])
        #expect(try await store.service.invoice(receipt.invoice.id).status == .paid)
        #expect(try await store.invariants() == [])
    }

    @Test func aRefundOnAnOrdinaryCardStaysSucceeded() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000007726")
        let receipt = try await store.buy(ada, "themes")
        let outcome = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        #expect(outcome.refund.status == .refunded && outcome.original.status == .refunded)
        #expect(try await ledger(store, outcome.refund.id) == ["refund -1500"])
    }

    @Test(arguments: [("4000008400001629", "generic_decline"), ("4000008260003178", "insufficient_funds")])
    func threeDSecureRequiredThenDeclined(number: String, code: String) async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: number)
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no challenge"); return }
        guard case let .declined(reason, invoice) = try await store.service.completeAuthentication(
            pendingID: challenge.id, approved: true) else { Issue.record("\(number) charged"); return }
        #expect(reason.code == code)
        #expect(invoice.status == .void)
        #expect(try await store.invariants() == [])
    }

    @Test func threeDSecureRequiredCardsRenewOnlyIfTheyWereSetUp() async throws {
        let store = try await CoreFixture()
        let ada = try await customer(store, card: "4000000000003220")
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "pro.yearly")) else { Issue.record("no challenge"); return }
        guard case .purchased = try await store.service.completeAuthentication(pendingID: challenge.id, approved: true)
        else { Issue.record("approved challenge did not purchase"); return }
        try await store.advance(days: 366)
        let renewal = try #require(try await history(store, ada).last)
        #expect(renewal.kind == .renewal && renewal.failureCode == "authentication_required")
        #expect(try await store.invariants() == [])
    }
}
