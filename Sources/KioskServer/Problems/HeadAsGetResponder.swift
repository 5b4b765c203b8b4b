import Foundation
import Hummingbird

/// `HEAD` wherever the contract declares `GET`, as HTTP requires: the GET's status and headers,
/// without the body. It wraps the router because the router picks a route by method before any
/// of its middleware runs.
struct HeadAsGetResponder<Inner: HTTPResponder>: HTTPResponder {
    typealias Context = Inner.Context
    let inner: Inner
    let contract: Contract

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .head, contract.route(forPath: request.uri.path)?.methods["GET"] != nil else {
            return try await inner.respond(to: request, context: context)
        }
        var head = request.head
        head.method = .get
        let response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        var headers = response.headers
        if headers[.contentLength] == nil, let length = response.body.contentLength {
            headers[.contentLength] = String(length)
        }
        return Response(status: response.status, headers: headers, body: ResponseBody())
    }
}
