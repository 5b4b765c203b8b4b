import Foundation
import PaymentsCore

/// Billing history as a file: the core's `InvoiceCSV` (the server's export writes the same), or
/// its columns as JSON objects with numbers as numbers and missing values as null.
enum InvoiceExport {
    static func data(_ invoices: [Invoice], format: ExportFormat) throws -> Data {
        switch format {
        case .csv:
            return Data(InvoiceCSV.document(invoices).utf8)
        case .json:
            let objects = invoices.map(InvoiceJSONRow.init)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(objects)
        }
    }
}

public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case csv, json

    public var fileExtension: String { rawValue }
}
