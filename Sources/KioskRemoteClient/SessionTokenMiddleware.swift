import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: Bearer <token>` with the session's current customer token, which
/// changes when the storefront signs in to an account it created.
struct SessionTokenMiddleware: ClientMiddleware {
    let session: RemoteSession

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(await session.currentToken)"
        return try await next(request, body, baseURL)
    }
}
