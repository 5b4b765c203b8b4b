import Foundation
import Hummingbird

/// A path (or method) the contract has no operation for is answered with problem details, like
/// every other error, instead of the router's bare 404.
struct UnknownRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let problem = Problem.notFound("No operation answers \(request.method.rawValue) \(request.uri.path).")
            return Response(status: .notFound, headers: [.contentType: "application/problem+json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(data: ProblemResponse.json(problem))))
        }
    }
}
