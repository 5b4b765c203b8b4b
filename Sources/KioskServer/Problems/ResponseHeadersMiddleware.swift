import HTTPTypes
import OpenAPIRuntime

/// Headers the contract's types cannot carry: the checkout return and cancel pages get the same
/// security headers as the hosted checkout's own pages (no framing, no script, no sniffing, no
/// referrer), and an answer holding a new API key is never kept by a cache.
struct ResponseHeadersMiddleware: ServerMiddleware {
    static let pages: Set<String> = ["getCheckoutReturnPage", "getCheckoutCancelledPage"]
    static let secrets: Set<String> = ["createAccount", "rotateAccountKey"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        if Self.pages.contains(operationID) {
            response.headerFields[.contentSecurityPolicy] = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
            if let frameOptions = HTTPField.Name("X-Frame-Options") { response.headerFields[frameOptions] = "DENY" }
            if let referrerPolicy = HTTPField.Name("Referrer-Policy") { response.headerFields[referrerPolicy] = "no-referrer" }
            response.headerFields[.xContentTypeOptions] = "nosniff"
        }
        if Self.secrets.contains(operationID) { response.headerFields[.cacheControl] = "no-store" }
        return (response, body)
    }
}
