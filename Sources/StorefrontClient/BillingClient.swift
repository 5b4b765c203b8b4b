import PaymentsCore

/// Billing history: invoices and their refunds, usage meters and the points ledger.
public struct BillingClient: Sendable {
    public var invoices: @Sendable (_ accountID: String, InvoiceQuery) async throws -> Page<Invoice> = { _, _ in
        throw UnstubbedCall("invoices")
    }
    public var invoice: @Sendable (_ invoiceID: String) async throws -> Invoice = { _ in throw UnstubbedCall("invoice") }
    public var refund: @Sendable (_ invoiceID: String, _ idempotencyKey: String?) async throws -> RefundOutcome = { _, _ in
        throw UnstubbedCall("refund")
    }
    public var usage: @Sendable (_ accountID: String) async throws -> [UsageMeter] = { _ in throw UnstubbedCall("usage") }
    public var pointsLedger: @Sendable (_ accountID: String, _ cursor: String?, _ limit: Int) async throws -> Page<PointsEntry> = { _, _, _ in
        throw UnstubbedCall("pointsLedger")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    /// Reads from `service`; a refund goes through `router` (the App Store refunds its own sales).
    public static func live(_ service: any PaymentsService, router: StoreKitRouter) -> BillingClient {
        var client = BillingClient()
        client.invoices = { try await service.invoices(accountID: $0, query: $1) }
        client.invoice = { try await service.invoice($0) }
        client.refund = { try await router.refund(invoiceID: $0, idempotencyKey: $1) }
        client.usage = { try await service.usage(accountID: $0) }
        client.pointsLedger = { try await service.pointsLedger(accountID: $0, cursor: $1, limit: $2) }
        return client
    }
}
