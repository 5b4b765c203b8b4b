import Foundation
import Hummingbird

/// What the router cannot answer itself, as HTTP says: a method the contract does not declare on a
/// path it does declare answers 405 with `Allow`; a path it does not declare answers 404. Both
/// with problem details. (`HEAD` is answered before routing, by `HeadAsGetResponder`.)
struct UnknownRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    let contract: Contract

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let route = contract.route(forPath: request.uri.path)
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            let path = Problem.shortPrefix(request.uri.path, limit: 120)
            guard let route, route.methods[request.method.rawValue] == nil else {
                return Self.answer(.notFound("No operation answers \(request.method.rawValue) \(path)."))
            }
            var allowed = route.methods.keys.sorted()
            if allowed.contains("GET"), !allowed.contains("HEAD") { allowed.append("HEAD") }
            var response = Self.answer(Problem(status: .methodNotAllowed, kind: "method-not-allowed",
                                               title: "Method not allowed",
                                               detail: "\(path) answers \(allowed.joined(separator: ", ")) only."))
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
        }
    }

    private static func answer(_ problem: Problem) -> Response {
        Response(status: problem.status, headers: [.contentType: "application/problem+json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(data: ProblemResponse.json(problem))))
    }
}
