import PaymentsCore

/// One invoice in a JSON export: the CSV's columns with JSON's types, so a program reading the
/// file gets `amount_minor` as a number it can add and `refund_of` as null, not an empty string,
/// when the invoice refunds nothing.
struct InvoiceJSONRow: Encodable {
    let invoice: Invoice

    private enum Key: String, CodingKey {
        case invoice, date, description, kind, status, currency, amount
        case amountMinor = "amount_minor", paymentMethod = "payment_method", refundOf = "refund_of"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(invoice.id, forKey: .invoice)
        try container.encode(DateWording.isoDay(invoice.createdAt), forKey: .date)
        try container.encode(invoice.description, forKey: .description)
        try container.encode(invoice.kind.rawValue, forKey: .kind)
        try container.encode(invoice.status.rawValue, forKey: .status)
        try container.encode(invoice.total.minorUnits, forKey: .amountMinor)
        try container.encode(invoice.total.currency.code, forKey: .currency)
        try container.encode(invoice.total.formatted(), forKey: .amount)
        // Explicit nulls: a reader sees every column in every object.
        try container.encode(invoice.paymentMethod?.description, forKey: .paymentMethod)
        try container.encode(invoice.refundOf, forKey: .refundOf)
    }
}
