import Foundation
import PaymentsCore

/// One customer's invoices as CSV, newest first, read a keyset page at a time while the client
/// takes the bytes: a long history costs one page of memory, not all of it. The first chunk is
/// the header and the first page, read before the response starts (see `make`), so a refusal
/// still answers as problem details rather than a cut-off body.
struct InvoiceCSVStream: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    /// Invoices read per page by default: small enough to stream, large enough that a page is
    /// one query.
    static let standardPageSize = 200

    let service: any PaymentsService
    let accountID: String
    let pageSize: Int
    let first: ArraySlice<UInt8>
    let next: String?

    /// Reads the first page now, so a failure to read is thrown before any byte is sent.
    static func make(service: any PaymentsService, accountID: String,
                     pageSize: Int = standardPageSize) async throws -> InvoiceCSVStream {
        let page = try await service.invoices(accountID: accountID, query: InvoiceQuery(limit: pageSize))
        return InvoiceCSVStream(service: service, accountID: accountID, pageSize: pageSize,
                                first: ArraySlice((InvoiceCSV.headerLine + InvoiceCSV.lines(page.items)).utf8),
                                next: page.nextCursor)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let stream: InvoiceCSVStream
        var first: ArraySlice<UInt8>?
        var cursor: String?

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if let first {
                self.first = nil
                return first
            }
            guard let cursor else { return nil }
            let page = try await stream.service.invoices(
                accountID: stream.accountID, query: InvoiceQuery(cursor: cursor, limit: stream.pageSize))
            self.cursor = page.nextCursor
            return ArraySlice(InvoiceCSV.lines(page.items).utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self, first: first, cursor: next) }
}
