import KioskAPI
import OpenAPIRuntime
import PaymentsCore

/// The customer's billing history as a file.
extension KioskAPIHandler {
    func exportInvoices(_ input: Operations.ExportInvoices.Input) async throws -> Operations.ExportInvoices.Output {
        let stream = try await InvoiceCSVStream.make(service: service, accountID: try customerID())
        return .ok(.init(body: .csv(HTTPBody(stream, length: .unknown, iterationBehavior: .single))))
    }
}
