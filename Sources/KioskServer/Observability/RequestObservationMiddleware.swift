import HTTPTypes
import Logging
import OpenAPIRuntime

/// The outermost middleware of every contract operation: gives the request its id (the client's
/// `X-Request-Id` or a new one, echoed in the answer), counts it in the metrics and writes one log
/// line with the id, operation, status, duration and account id. It never logs a header, query
/// or body, so no key, card number or CVC reaches the log.
struct RequestObservationMiddleware: ServerMiddleware {
    static let requestIDField = HTTPField.Name("X-Request-Id")!

    let metrics: ServerMetrics
    let logger: Logger

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let trace = RequestTrace(id: RequestTrace.requestID(fromHeader: request.headerFields[Self.requestIDField]))
        let started = ContinuousClock.now
        do {
            var (response, responseBody) = try await RequestTrace.$current.withValue(trace) {
                try await next(request, body, metadata)
            }
            response.headerFields[Self.requestIDField] = trace.id
            record(trace, operationID: operationID, status: response.status.code, since: started)
            return (response, responseBody)
        } catch {
            // The problem middleware inside answers every error; one escaping it is a 500.
            record(trace, operationID: operationID, status: 500, since: started)
            throw error
        }
    }

    private func record(_ trace: RequestTrace, operationID: String, status: Int, since started: ContinuousClock.Instant) {
        let duration = started.duration(to: .now)
        metrics.requestAnswered(operation: operationID, status: status, duration: duration)
        var fields: Logger.Metadata = [
            "request_id": .string(trace.id), "operation": .string(operationID), "status": .stringConvertible(status),
            "duration_ms": .string(Self.milliseconds(duration)),
        ]
        if let accountID = trace.accountID { fields["account_id"] = .string(accountID) }
        logger.info("request", metadata: fields)
    }

    /// Milliseconds with three decimals, from the duration's integer parts (no floating rounding
    /// surprises in a log line).
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micros / 1_000, fraction = micros % 1_000
        return "\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }
}
