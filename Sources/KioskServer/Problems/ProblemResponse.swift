import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Writes a `Problem` as `application/problem+json`.
enum ProblemResponse {
    private struct Body: Encodable {
        var type: String
        var title: String
        var status: Int
        var detail: String?
        var field: String?
        var declineCode: String?
        var offerCode: String?
        var offerCodeRejection: String?

        enum CodingKeys: String, CodingKey {
            case type, title, status, detail, field, declineCode = "decline_code", offerCode = "offer_code"
            case offerCodeRejection = "offer_code_rejection"
        }
    }

    static func make(_ problem: Problem) -> (HTTPResponse, HTTPBody?) {
        var fields = HTTPFields()
        fields[.contentType] = "application/problem+json"
        if problem.status == .unauthorized { fields[.wwwAuthenticate] = "Bearer" }
        if let seconds = problem.retryAfter { fields[.retryAfter] = String(seconds) }
        return (HTTPResponse(status: problem.status, headerFields: fields), HTTPBody(json(problem)))
    }

    static func json(_ problem: Problem) -> Data {
        let body = Body(type: problem.type, title: problem.title, status: problem.status.code,
                        detail: problem.detail.map { Problem.shortPrefix($0, limit: 600) },
                        field: problem.field.map { Problem.shortPrefix($0) }, declineCode: problem.declineCode,
                        offerCode: problem.offerCode.map { Problem.shortPrefix($0) },
                        offerCodeRejection: problem.offerCodeRejection)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(body)
        } catch {
            // Strings and an integer cannot fail to encode; answer the bare status if they ever do.
            return Data(#"{"status":\#(problem.status.code),"title":"\#(problem.status.reasonPhrase)","type":"about:blank"}"#.utf8)
        }
    }
}
