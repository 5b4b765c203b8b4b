import Foundation
import PaymentsCore

/// Billing history as a file: one row per invoice, amounts in minor units and formatted.
enum InvoiceExport {
    static let header = ["invoice", "date", "description", "kind", "status", "amount_minor", "currency", "amount",
                         "payment_method", "refund_of"]

    static func fields(_ invoice: Invoice) -> [String] {
        [invoice.id, DateWording.isoDay(invoice.createdAt), invoice.description, invoice.kind.rawValue,
         invoice.status.rawValue, String(invoice.total.minorUnits), invoice.total.currency.code,
         invoice.total.formatted(), invoice.paymentMethod?.description ?? "", invoice.refundOf ?? ""]
    }

    static func data(_ invoices: [Invoice], format: ExportFormat) throws -> Data {
        switch format {
        case .csv:
            return Data(CSVWriter.document(header: header, rows: invoices.map(fields)).utf8)
        case .json:
            let objects = invoices.map { Dictionary(uniqueKeysWithValues: zip(header, fields($0))) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(objects)
        }
    }
}
