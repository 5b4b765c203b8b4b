import Foundation
import HTTPTypes
@testable import KioskServer
import OpenAPIRuntime
import Testing

/// Whatever `Accept` asks, an operation answers in the contract's representation, and a write is
/// never made and then reported as failed; a failure's log line never carries the caller's key.
@Suite(.serialized) struct AcceptHeaderTests {
    @Test func aPurchaseAskingForAnotherTypeIsMadeOnceAndAnswered() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let accepts = ["application/problem+json", "text/html"]
        for (index, accept) in accepts.enumerated() {
            let answer = try await fixture.raw("POST", "/v1/purchases", key: ann.key, body: #"{"product_id":"points.500"}"#,
                                               headers: [("Accept", accept), ("Idempotency-Key", "order-\(index)")])
            #expect((200..<300).contains(answer.status), "\(accept): \(answer.status) \(answer.body)")
            #expect(answer.contentType?.hasPrefix("application/json") == true)
        }
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.count == accepts.count)
        let customer = try await fixture.raw("GET", "/v1/customer", key: ann.key, headers: [("Accept", "text/html")])
        #expect(customer.status == 200 && customer.contentType?.hasPrefix("application/json") == true)
        let document = try await fixture.raw("GET", "/openapi.yaml", key: nil, headers: [("Accept", "application/json")])
        #expect(document.status == 200 && document.body.hasPrefix("openapi: 3.1.0"))
    }

    @Test func aFailuresLogLineKeepsTheCauseAndNotTheRequestsKey() {
        var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/v1/invoices")
        request.headerFields[.authorization] = "Bearer kiosk_sk_secret"
        let error = ServerError(operationID: "listInvoices", request: request, requestBody: nil,
                                requestMetadata: ServerRequestMetadata(), causeDescription: "Unknown",
                                underlyingError: CancellationError())
        #expect(String(describing: error).contains("kiosk_sk_secret"), "the runtime's own description names the key")
        let line = ProblemMiddleware.logLine(operationID: "listInvoices", error: error)
        #expect(!line.contains("kiosk_sk_secret") && line.hasPrefix("listInvoices failed: Unknown"), "\(line)")
    }
}
