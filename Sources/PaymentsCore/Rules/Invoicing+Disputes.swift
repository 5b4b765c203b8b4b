import Foundation

extension Invoicing {
    /// After a card charge is paid: the disputes or warning the card processor raises (Stripe test
    /// mode's dispute test cards), each an invoice (or event) right after the charge.
    func followUpCardCharge(_ invoice: Invoice, card: PaymentMethodRecord?) async throws {
        guard invoice.kind != .refund, invoice.total.minorUnits > 0 else { return }
        let charged: ProcessorCard? = if let card { card.processorCard } else {
            try await chargedCard(accountID: invoice.accountID, method: invoice.paymentMethod)
        }
        guard let card = charged,
              let aftermath = cardProcessor.aftermath(ofChargeOn: card)
        else { return }
        if aftermath == .earlyFraudWarning {
            emit(.earlyFraudWarning, account: invoice.accountID, at: invoice.createdAt,
                 subscription: invoice.subscriptionID, product: invoice.productID, invoice: invoice.id)
        }
        for dispute in aftermath.disputes {
            try await openDispute(on: invoice, reason: dispute.reason, withdrawsFunds: dispute.withdrawsFunds)
        }
    }

    /// A dispute of `invoice`: its full amount, negative, withdrawn from the store (status
    /// `disputed`, with a ledger entry) or not (an inquiry, `open`). The purchase keeps its
    /// effect, as a Stripe dispute does not cancel anything by itself.
    private func openDispute(on invoice: Invoice, reason: String, withdrawsFunds: Bool) async throws {
        let dispute = try await issueInvoice(
            account: invoice.accountID, subscription: invoice.subscriptionID, product: invoice.productID, kind: .dispute,
            at: invoice.createdAt, description: "Dispute of \(invoice.id) (\(reason))",
            lines: [InvoiceLine(kind: .dispute, description: "Disputed: \(invoice.description)", amount: invoice.total.negated)],
            currency: invoice.total.currency, status: withdrawsFunds ? .disputed : .open, method: invoice.paymentMethod,
            refundOf: invoice.id)
        emit(.disputeOpened, account: invoice.accountID, at: invoice.createdAt, subscription: invoice.subscriptionID,
             product: invoice.productID, invoice: dispute.id, detail: reason)
    }

    /// A refund on Stripe's 4000000000005126 fails after succeeding: the refund invoice becomes
    /// void with `refund_failed`, a ledger entry brings the money back, and the refunded invoice
    /// is paid again. What the refund revoked stays revoked; the store owes the customer the
    /// money by other means, as Stripe advises after a failed refund.
    func failRefundIfTheCardSaysSo(_ refund: Invoice, original: inout InvoiceRecord, at now: Date) async throws -> Invoice {
        guard let card = try await chargedCard(accountID: original.accountID, method: refund.paymentMethod),
              cardProcessor.refundFails(on: card)
        else { return refund }
        var record = try await invoice(refund.id)
        record.status = .void
        record.failureCode = "refund_failed"
        try await record.update(in: store)
        try await postLedger(invoice: refund, kind: "refund_failed", amount: refund.total.negated, at: now)
        original.status = .paid
        try await original.update(in: store)
        emit(.refundFailed, account: refund.accountID, at: now, subscription: refund.subscriptionID,
             product: refund.productID, invoice: refund.id, detail: original.id)
        return record.invoice
    }

    /// The card an invoice was charged to, as the processor knows it, found by what the invoice
    /// keeps of it (brand and last four) among the account's cards, latest first, removed ones
    /// included; nil for store billing or no card.
    private func chargedCard(accountID: String, method: PaymentMethodSummary?) async throws -> ProcessorCard? {
        guard let method, !method.last4.isEmpty else { return nil }
        return try await store.fetchOne(PaymentMethodRecord.self, """
            SELECT * FROM payment_methods WHERE account_id = ? AND brand = ? AND last4 = ?
            ORDER BY created_at DESC LIMIT 1
            """, [accountID, method.brand, method.last4])?.processorCard
    }
}
