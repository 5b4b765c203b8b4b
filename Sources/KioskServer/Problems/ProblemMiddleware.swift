import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import PaymentsCore

/// Turns every error into a problem details response: nothing reaches the client as a stack trace,
/// an HTML page or a bare 500.
struct ProblemMiddleware: ServerMiddleware {
    let logger: Logger

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch {
            let problem = problem(for: error)
            if problem.status == .internalServerError {
                logger.error("\(Self.logLine(operationID: operationID, error: error))")
            }
            return ProblemResponse.make(problem)
        }
    }

    /// What the log keeps of a failure: the operation and the cause, never the request (a
    /// `ServerError` describes itself with the request's headers, its bearer key among them).
    static func logLine(operationID: String, error: any Error) -> String {
        guard let error = error as? ServerError else { return "\(operationID) failed: \(String(describing: error))" }
        return "\(operationID) failed: \(error.causeDescription): \(String(describing: error.underlyingError))"
    }

    private func problem(for error: any Error) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as PaymentsError:
            return Problem(error)
        case let outage as StoreUnavailable:
            return .unavailable(outage)
        case let error as HostedCheckoutError:
            return Problem(error)
        case let error as ServerError:
            if error.operationInput == nil, !(error.underlyingError is Problem), !(error.underlyingError is PaymentsError),
               !(error.underlyingError is HostedCheckoutError), !(error.underlyingError is StoreUnavailable) {
                return .invalidRequest(Self.describe(error))
            }
            return problem(for: error.underlyingError)
        default:
            return .internalError
        }
    }

    /// The runtime's cause plus the decoder's own words (which field, which type), without a trace.
    /// A value with no field path is the body as a whole, or (for a request without one) a query
    /// or path parameter, whose decoder names the type and value but not the parameter.
    private static func describe(_ error: ServerError) -> String {
        switch error.underlyingError {
        case let DecodingError.keyNotFound(key, context):
            return "missing field `\(Self.path(context.codingPath + [key]))`"
        case let DecodingError.typeMismatch(type, context) where context.codingPath.isEmpty && !EmptyBodyMiddleware.carriesBody(error.request):
            return "a query or path parameter is not a valid \(type): \(context.debugDescription)"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "field `\(Self.path(context.codingPath))`: \(context.debugDescription)"
        case let DecodingError.dataCorrupted(context):
            let path = Self.path(context.codingPath)
            guard path.isEmpty else { return "field `\(path)`: \(context.debugDescription)" }
            return !EmptyBodyMiddleware.carriesBody(error.request) ? "a query or path parameter is not valid: \(context.debugDescription)"
                : "the body is not valid JSON (or a value in it does not fit its field)"
        default:
            return error.causeDescription
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
