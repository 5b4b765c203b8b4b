/// A row of the plan comparison table, and for `limit` and `interval` kinds a usage rule that
/// `recordUsage` enforces.
public struct Feature: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// At most N uses per `period` (or unlimited).
        case limit
        /// At most one use per interval (`PT24H`), e.g. a refresh.
        case interval
        /// On or off.
        case flag
    }

    public var id: String
    public var name: String
    public var kind: Kind
    /// The usage window of a `limit` feature; nil means the limit never resets.
    public var period: ISODuration?

    public init(id: String, name: String, kind: Kind, period: ISODuration? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.period = period
    }
}

/// One plan's value for a feature.
public enum FeatureValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case limit(Int)
    case unlimited
    /// Minimum time between two uses.
    case interval(ISODuration)
    case flag(Bool)

    public var description: String {
        switch self {
        case let .limit(count): "\(count)"
        case .unlimited: "unlimited"
        case let .interval(duration): duration.description
        case let .flag(on): on ? "true" : "false"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let count = try? container.decode(Int.self) {
            self = .limit(count)
        } else {
            let text = try container.decode(String.self)
            if text == "unlimited" {
                self = .unlimited
            } else if let duration = ISODuration(text) {
                self = .interval(duration)
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not a feature value")
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .limit(count): try container.encode(count)
        case .unlimited: try container.encode("unlimited")
        case let .interval(duration): try container.encode(duration.description)
        case let .flag(on): try container.encode(on)
        }
    }
}
