import HTTPTypes
import OpenAPIRuntime

/// Runs each operation knowing the host name its caller used (see `RequestHost`).
struct RequestHostMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let host = request.authority.flatMap(RequestHost.parse(authority:))
        return try await RequestHost.$current.withValue(host) { try await next(request, body, metadata) }
    }
}
