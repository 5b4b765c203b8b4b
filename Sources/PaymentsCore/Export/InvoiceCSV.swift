import Foundation

/// Billing history as CSV, one row per invoice, amounts in minor units and formatted: the one
/// format both the storefront's export and `GET /v1/invoices/export` write, so a file saved from
/// the terminal and one fetched from the server are the same bytes. Line by line, so a caller can
/// write a long history a page at a time instead of holding it all.
public enum InvoiceCSV {
    public static let header = ["invoice", "date", "description", "kind", "status", "amount_minor", "currency", "amount",
                                "payment_method", "refund_of"]

    public static func fields(_ invoice: Invoice) -> [String] {
        [invoice.id, DateWording.isoDay(invoice.createdAt), invoice.description, invoice.kind.rawValue,
         invoice.status.rawValue, String(invoice.total.minorUnits), invoice.total.currency.code,
         invoice.total.formatted(), invoice.paymentMethod?.description ?? "", invoice.refundOf ?? ""]
    }

    /// The header line, CRLF-terminated.
    public static var headerLine: String { CSVWriter.line(header) }

    /// The lines of `invoices`, each CRLF-terminated, without the header.
    public static func lines(_ invoices: some Sequence<Invoice>) -> String {
        invoices.map { CSVWriter.line(fields($0)) }.joined()
    }

    /// A whole document: the header, then every invoice.
    public static func document(_ invoices: [Invoice]) -> String {
        headerLine + lines(invoices)
    }
}

/// RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted and inner quotes doubled;
/// lines end with CRLF.
public enum CSVWriter {
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(line).joined()
    }

    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\r\n"
    }

    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
