import Foundation

/// One event body in DodoPayments' shape:
/// `{"business_id", "type", "timestamp", "data": {"payload_type", ...}}`.
public struct WebhookEvent: Sendable, Hashable, Codable {
    public var businessId: String
    public var type: WebhookEventType
    /// When the event happened (ISO 8601 in JSON; whole seconds are kept when encoding).
    public var timestamp: Date
    public var data: WebhookEventData

    public init(businessId: String, type: WebhookEventType, timestamp: Date, data: WebhookEventData) {
        self.businessId = businessId
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case businessId = "business_id"
        case type
        case timestamp
        case data
    }

    /// The body to sign and deliver. Keys are sorted and dates use one fixed format so the same
    /// event always yields the same bytes, which keeps signatures reproducible.
    public func jsonBody() throws(WebhookEventCodingError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return try encoder.encode(self)
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// Reads a body after its signature has been verified. Dates with or without fractional
    /// seconds are accepted, as providers send both.
    public init(jsonBody: Data) throws(WebhookEventCodingError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(Self.decodeDate)
        do {
            self = try decoder.decode(WebhookEvent.self, from: jsonBody)
        } catch let error as DecodingError {
            throw .decodingFailed(Self.reason(for: error))
        } catch {
            throw .decodingFailed(String(describing: error))
        }
    }

    @Sendable
    private static func decodeDate(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let date = try? Date.ISO8601FormatStyle().parse(text) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "expected an ISO 8601 date such as 2025-01-31T12:00:00Z, got '\(text)'"
        )
    }

    /// Names the offending field, since DecodingError's default text buries it.
    private static func reason(for error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "<root>" : codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "field '\(path(context.codingPath))': \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// Why an event could not be turned into, or read from, a JSON body.
public enum WebhookEventCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    case encodingFailed(String)
    case decodingFailed(String)

    public var description: String {
        switch self {
        case .encodingFailed(let reason):
            "cannot encode webhook event: \(reason)"
        case .decodingFailed(let reason):
            "invalid webhook event JSON: \(reason)"
        }
    }
}
