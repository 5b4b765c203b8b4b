import Foundation

/// A purchase's answer in the `idempotency_keys.response` column, written without `JSONEncoder`
/// when the purchase succeeded.
///
/// Why: the storefront sends every purchase with a key, so every purchase stores its answer, and
/// the encoder cost two thirds as much as the purchase itself (issue 18). The column is only read by
/// `JSONDecoder` on a replay, so the text need not be the encoder's bytes, only decode to the
/// same value: it has the shape the synthesized `Codable` conformances read
/// (`{"purchased":{"_0":{…}}}`, nil optionals omitted), dates and strings as `AnswerJSONWriter`
/// writes them, and a transaction as its payload text without a token, exactly as the encoder
/// with `TransactionTokenLookup.leavesTokensUnsigned` writes it (the replay finds the token by
/// those bytes). A decline, a pending action, a transaction signed already or a value the writer
/// cannot write exactly returns nil and goes through the encoder.
enum PurchaseAnswerJSON {
    static func encode(_ outcome: PurchaseOutcome) -> String? {
        guard case let .purchased(receipt) = outcome else { return nil }
        var payload: Data?
        if let transaction = receipt.transaction {
            // Signed already (not inside the purchase's own write), it is stored with its token.
            guard let bytes = transaction.payloadBytesToSign else { return nil }
            payload = bytes
        }
        var writer = AnswerJSONWriter(capacity: 2048)
        writer.object { outcome in
            outcome.object("purchased") { purchased in
                purchased.object("_0") { write(receipt, payload: payload, to: &$0) }
            }
        }
        return writer.text
    }

    private static func write(_ receipt: PurchaseReceipt, payload: Data?, to writer: inout AnswerJSONWriter) {
        writer.string("productID", receipt.productID)
        writer.object("invoice") { write(receipt.invoice, to: &$0) }
        if let subscription = receipt.subscription {
            writer.object("subscription") { write(subscription, to: &$0) }
        }
        writer.bool("introOfferApplied", receipt.introOfferApplied)
        writer.integer("pointsCredited", receipt.pointsCredited)
        writer.strings("entitlements", receipt.entitlements)
        if let payload {
            writer.object("transaction") { $0.string("payloadJSON", String(decoding: payload, as: UTF8.self)) }
        }
    }

    private static func write(_ invoice: Invoice, to writer: inout AnswerJSONWriter) {
        writer.string("id", invoice.id)
        writer.string("accountID", invoice.accountID)
        writer.string("subscriptionID", invoice.subscriptionID)
        writer.string("productID", invoice.productID)
        writer.string("kind", invoice.kind.rawValue)
        writer.date("createdAt", invoice.createdAt)
        writer.string("status", invoice.status.rawValue)
        writer.string("description", invoice.description)
        writer.money("total", invoice.total)
        if let method = invoice.paymentMethod {
            writer.object("paymentMethod") {
                $0.string("brand", method.brand)
                $0.string("last4", method.last4)
            }
        }
        writer.integer("attemptCount", Int64(invoice.attemptCount))
        writer.string("failureCode", invoice.failureCode)
        writer.string("refundOf", invoice.refundOf)
        writer.array("lines", invoice.lines) { writer, line in
            writer.string("kind", line.kind.rawValue)
            writer.string("description", line.description)
            writer.money("amount", line.amount)
            writer.date("periodStart", line.periodStart)
            writer.date("periodEnd", line.periodEnd)
        }
    }

    private static func write(_ subscription: Subscription, to writer: inout AnswerJSONWriter) {
        writer.string("id", subscription.id)
        writer.string("accountID", subscription.accountID)
        writer.string("groupID", subscription.groupID)
        writer.string("planID", subscription.planID)
        writer.string("productID", subscription.productID)
        writer.string("state", subscription.state.rawValue)
        writer.string("periodType", subscription.periodType.rawValue)
        writer.date("currentPeriodStart", subscription.currentPeriodStart)
        writer.date("currentPeriodEnd", subscription.currentPeriodEnd)
        writer.date("originalPurchaseDate", subscription.originalPurchaseDate)
        writer.bool("willAutoRenew", subscription.willAutoRenew)
        writer.string("pendingProductID", subscription.pendingProductID)
        writer.string("expirationReason", subscription.expirationReason?.rawValue)
        writer.date("revocationDate", subscription.revocationDate)
        writer.string("revocationReason", subscription.revocationReason?.rawValue)
        writer.date("billingIssueDetectedAt", subscription.billingIssueDetectedAt)
        writer.date("unsubscribeDetectedAt", subscription.unsubscribeDetectedAt)
        writer.date("gracePeriodEndsAt", subscription.gracePeriodEndsAt)
        writer.date("billingRetryEndsAt", subscription.billingRetryEndsAt)
        writer.money("periodAmountPaid", subscription.periodAmountPaid)
        writer.string("paymentMethodID", subscription.paymentMethodID)
        writer.string("cancellationReason", subscription.cancellationReason?.rawValue)
    }
}
