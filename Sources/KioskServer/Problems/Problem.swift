import Foundation
import HTTPTypes
import PaymentsCore

/// An RFC 9457 problem: what every failed request answers, with a stable `type` per kind.
struct Problem: Error, Equatable {
    var status: HTTPResponse.Status
    /// The last path segment of the `type` URI, e.g. `not-found`.
    var kind: String
    var title: String
    var detail: String?
    var field: String?
    /// For a declined card: the issuer's reason code, so a client can word its advice.
    var declineCode: String?
    /// For an offer code that was not accepted: the code and why (`expired`, `already_redeemed`).
    var offerCode: String?
    var offerCodeRejection: String?
    /// For a 503 the client may retry: seconds to wait (the `Retry-After` header).
    var retryAfter: Int?

    static let typeBase = "https://kiosk.dev/problems/"

    var type: String { Self.typeBase + kind }

    static func unauthorized(admin: Bool) -> Problem {
        Problem(status: .unauthorized, kind: "unauthorized", title: "Missing or unknown API key",
                detail: admin ? "This operation needs the server's admin key as a bearer token."
                    : "Send the customer's API key as `Authorization: Bearer <key>`.")
    }

    static func notFound(_ what: String) -> Problem {
        Problem(status: .notFound, kind: "not-found", title: "Not found", detail: what)
    }

    static func invalidRequest(_ detail: String) -> Problem {
        Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid", detail: detail)
    }

    /// What an answer may quote of the caller's input: a short prefix, so a 900 KB id is not echoed
    /// back whole (every detail and quoted value goes through this when written).
    static func shortPrefix(_ text: String, limit: Int = 200) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    static func unavailable(_ outage: StoreUnavailable) -> Problem {
        Problem(status: .serviceUnavailable, kind: "unavailable", title: "The store cannot be reached",
                detail: outage.message, retryAfter: outage.retryAfterSeconds)
    }

    /// A failure of the server or its store (a full disk) can come after part of the request was
    /// recorded (an App Store sale before its booking), so the answer never claims nothing was;
    /// the same request under the same `Idempotency-Key` finishes it instead of repeating it.
    static let internalError = Problem(
        status: .internalServerError, kind: "internal", title: "Internal server error",
        detail: "The server could not finish this request, and part of it may have been recorded. Send it again with the "
            + "same Idempotency-Key to finish it without doing it twice, or check the account before trying again.")
}
