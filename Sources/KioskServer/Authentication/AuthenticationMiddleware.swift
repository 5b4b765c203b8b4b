import HTTPTypes
import OpenAPIRuntime
import PaymentsCore

/// Checks the bearer key an operation needs and runs the handler as that caller.
struct AuthenticationMiddleware: ServerMiddleware {
    let service: any PaymentsService
    let adminKey: AdminKey

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let caller: Caller
        var customerKey: String?
        switch OperationAudience(operationID: operationID) {
        case .anyone:
            caller = .anonymous
        case .admin:
            guard let key = Self.bearerKey(request), adminKey.matches(key) else { throw Problem.unauthorized(admin: true) }
            caller = .admin
        case .customer:
            guard let key = Self.bearerKey(request),
                  let accountID = try await service.accountID(forAPIKey: key) else { throw Problem.unauthorized(admin: false) }
            caller = .customer(accountID: accountID)
            RequestTrace.current?.identify(accountID: accountID)
            customerKey = key
        }
        return try await Caller.$current.withValue(caller) {
            try await Caller.$customerKey.withValue(customerKey) { try await next(request, body, metadata) }
        }
    }

    /// The token of `Authorization: Bearer <token>` (the scheme is case-insensitive, RFC 9110).
    static func bearerKey(_ request: HTTPRequest) -> String? {
        guard let value = request.headerFields[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

/// Who sent the request being handled, as the authentication middleware established it.
///
/// Handlers read it from a task-local rather than from the generated `Input`, because the
/// contract's security schemes are not part of the generated types.
enum Caller: Sendable, Equatable {
    case anonymous
    case customer(accountID: String)
    case admin

    @TaskLocal static var current: Caller = .anonymous
    /// The customer key the request presented, so a long-lived answer (the event stream) can
    /// check that it still opens the account after a rotation or revocation.
    @TaskLocal static var customerKey: String?
}
