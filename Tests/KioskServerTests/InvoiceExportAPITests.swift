import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing
@testable import KioskServer

/// `GET /v1/invoices/export`: the customer's billing history as the storefront's CSV, streamed a
/// page at a time, and only that customer's.
@Suite(.serialized) struct InvoiceExportAPITests {
    /// Every invoice of the account, newest first, as the storefront's export reads them.
    private func allInvoices(_ fixture: ServerFixture, _ accountID: String) async throws -> [PaymentsCore.Invoice] {
        try await fixture.service.invoices(accountID: accountID, query: InvoiceQuery(limit: 500)).items
    }

    @Test func theExportIsTheStorefrontsCSVOfTheCallersOwnInvoices() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        for product in ["themes.lifetime", "points.500", "points.500"] {
            _ = try await ann.client.createPurchase(body: .json(.init(productId: product))).ok.body.json
        }
        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let annInvoices = try await allInvoices(fixture, ann.id)
        let bobInvoices = try await allInvoices(fixture, bob.id)
        #expect(annInvoices.count == 3)
        #expect(bobInvoices.count == 1)

        let annExport = try await fixture.raw("GET", "/v1/invoices/export", key: ann.key)
        #expect(annExport.status == 200)
        #expect(annExport.contentType == "text/csv")
        #expect(annExport.body == InvoiceCSV.document(annInvoices))
        #expect(annExport.body.hasPrefix("invoice,date,description,kind,status,amount_minor,currency,amount,payment_method,refund_of\r\n"))

        let bobBody = try await bob.client.exportInvoices().ok.body.csv
        let bobExport = try await String(collecting: bobBody, upTo: 1 << 20)
        #expect(bobExport == InvoiceCSV.document(bobInvoices))
        for invoice in annInvoices { #expect(!bobExport.contains(invoice.id)) }
    }

    @Test func theExportNeedsACustomerKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for key: String? in [nil, "kiosk_sk_unknown", fixture.adminKey.value] {
            let answer = try await fixture.raw("GET", "/v1/invoices/export", key: key)
            #expect(answer.status == 401, "with \(key ?? "no key")")
            #expect(answer.contentType == "application/problem+json")
            #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/unauthorized""#))
        }
    }

    /// A page of invoices per chunk: the header with the first page, then one chunk per page, so
    /// memory holds a page, not the history.
    @Test func theStreamReadsOnePageAtATime() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        for _ in 0..<5 {
            _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        }
        let stream = try await InvoiceCSVStream.make(service: fixture.service, accountID: ann.id, pageSize: 2)
        var chunks: [String] = []
        for try await chunk in stream { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks.map { $0.components(separatedBy: "\r\n").count - 1 } == [3, 2, 1])
        #expect(chunks.joined() == InvoiceCSV.document(try await allInvoices(fixture, ann.id)))
    }
}
