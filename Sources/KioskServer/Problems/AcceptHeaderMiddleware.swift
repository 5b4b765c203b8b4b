import HTTPTypes
import OpenAPIRuntime

/// Every operation answers in the one representation the contract gives it, whatever `Accept`
/// asks (RFC 9110 §12.5.1 lets a server disregard it). The generated code checks `Accept` only
/// once the operation has run, so a request that asked for another type would have changed the
/// store and then been told it failed (a client retrying without its key would pay twice); the
/// header is dropped before the operation instead.
struct AcceptHeaderMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.accept] = nil
        return try await next(request, body, metadata)
    }
}
