import HTTPTypes
import OpenAPIRuntime

/// A request that carries no body (neither a length above zero nor a chunked transfer) reaches
/// the operation without one, so an operation whose body is optional (a cancellation's reason, a
/// restore) answers a bare POST; the server hands the generated code an empty body otherwise,
/// which it reads as JSON that is not valid.
struct EmptyBodyMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await next(request, Self.carriesBody(request) ? body : nil, metadata)
    }

    /// Whether an HTTP/1.1 request has a body: a chunked one, or a length above zero.
    static func carriesBody(_ request: HTTPRequest) -> Bool {
        let chunked = request.headerFields[.transferEncoding] != nil
        let length = request.headerFields[.contentLength].flatMap { Int($0) } ?? 0
        return chunked || length > 0
    }
}
