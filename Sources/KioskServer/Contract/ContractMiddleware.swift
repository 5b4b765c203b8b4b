import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Holds every request to the contract before any work: its parameters and JSON body are checked
/// against the operation's schemas (bounds, types, patterns, formats), a body that names a key
/// twice is refused, and the header values are kept as sent (`SentHeaders`), since the generated
/// code percent-decodes them.
struct ContractMiddleware: ServerMiddleware {
    let contract: Contract
    /// The largest body read for checking; the server refuses larger ones before this runs.
    let maxBodyBytes: Int

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let (route, operation) = contract.operation(operationID) else {
            return try await SentHeaders.$current.withValue(request.headerFields) { try await next(request, body, metadata) }
        }
        let check = SchemaCheck(contract: contract)
        try checkParameters(request, route: route, operation: operation, check: check)
        var forwarded = body
        if let body, let schema = jsonBodySchema(operation), Self.isJSON(request) {
            let bytes: [UInt8]
            do {
                bytes = try await [UInt8](collecting: body, upTo: maxBodyBytes)
            } catch {
                throw Problem(status: .contentTooLarge, kind: "too-large", title: "The body is too large",
                              detail: "bodies are limited to \(maxBodyBytes) bytes")
            }
            let value: StrictJSON
            do {
                value = try StrictJSON.parse(bytes)
            } catch {
                throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                              detail: error.message, field: error.field)
            }
            if let violation = check.check(value, against: schema, at: "") { throw Self.problem(violation) }
            forwarded = HTTPBody(bytes)
        }
        return try await SentHeaders.$current.withValue(request.headerFields) {
            try await next(request, forwarded, metadata)
        }
    }

    private func jsonBodySchema(_ operation: StrictJSON) -> StrictJSON? {
        guard let body = operation["requestBody"].map(contract.resolve) else { return nil }
        return body["content"]?["application/json"]?["schema"]
    }

    static func isJSON(_ request: HTTPRequest) -> Bool {
        guard let type = request.headerFields[.contentType]?.lowercased() else { return true }
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    private func checkParameters(_ request: HTTPRequest, route: Contract.Route, operation: StrictJSON,
                                 check: SchemaCheck) throws {
        var declared = route.parameters
        if case let .array(list)? = operation["parameters"] { declared += list }
        let components = URLComponents(string: request.path ?? "/")
        let segments = (components?.percentEncodedPath ?? "").split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for parameter in declared.map(contract.resolve) {
            guard case let .string(name)? = parameter["name"], case let .string(location)? = parameter["in"],
                  let schema = parameter["schema"] else { continue }
            let sent: String?
            switch location {
            case "query":
                sent = components?.queryItems?.last { $0.name == name }?.value
            case "header":
                sent = HTTPField.Name(name).flatMap { request.headerFields[$0] }
            case "path":
                sent = zip(route.template, segments).first { $0.0 == "{\(name)}" }.flatMap { String($0.1).removingPercentEncoding }
            default:
                continue
            }
            guard let sent else {
                if case .bool(true)? = parameter["required"], location != "path" {
                    throw Self.problem(.init(field: name, rule: "is required"))
                }
                continue
            }
            let resolved = contract.resolve(schema)
            let value: StrictJSON
            switch resolved["type"] {
            case .string("integer")?, .string("number")?:
                guard Double(sent) != nil, !sent.contains(where: \.isWhitespace) else {
                    throw Self.problem(.init(field: name, rule: "must be a number"))
                }
                value = .number(sent)
            case .string("boolean")?:
                guard sent == "true" || sent == "false" else { throw Self.problem(.init(field: name, rule: "must be true or false")) }
                value = .bool(sent == "true")
            case .string("array")?, .string("object")?:
                continue
            default:
                value = .string(sent)
            }
            if let violation = check.check(value, against: resolved, at: name) { throw Self.problem(violation) }
        }
    }

    static func problem(_ violation: SchemaCheck.Violation) -> Problem {
        let field = violation.field.isEmpty ? "body" : violation.field
        return Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                       detail: "`\(field)` \(violation.rule)", field: violation.field.isEmpty ? nil : violation.field)
    }
}

/// The request's header fields exactly as sent, for the operations that compare a header's value
/// (`Idempotency-Key`, `Last-Event-ID`): header values are opaque, never percent-decoded.
enum SentHeaders {
    @TaskLocal static var current = HTTPFields()

    static func value(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { current[$0] }
    }
}
