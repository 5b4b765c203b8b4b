import Foundation
import Logging
import Synchronization

/// `kiosk serve --log-format json`: each log entry as one JSON object on one line (time, level,
/// label, message and the entry's metadata as top-level fields), for log collectors.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let write: @Sendable (String) -> Void
    let now: @Sendable () -> Date

    /// `write` gets each line with its newline (standard error by default); `now` stamps it.
    public init(label: String, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.label = label
        self.write = write
        self.now = now
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = self.metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let explicit = event.metadata { fields.merge(explicit) { $1 } }
        write(Self.line(time: now(), level: event.level, label: label, message: event.message.description, fields: fields))
    }

    static func line(time: Date, level: Logger.Level, label: String, message: String, fields: Logger.Metadata) -> String {
        var object: [String: Any] = fields.mapValues(Self.json)
        object["time"] = time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = level.rawValue
        object["label"] = label
        object["message"] = message
        // Only strings, arrays and dictionaries of them go in, so serialization cannot fail; an
        // entry is still never dropped silently.
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return #"{"level":"error","message":"unencodable log entry"}"# + "\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case let .string(text): text
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(json)
        case let .dictionary(entries): entries.mapValues(json)
        }
    }

    private static let output = Mutex(())

    /// Whole lines to standard error, one writer at a time so lines never interleave.
    public static let standardError: @Sendable (String) -> Void = { line in
        output.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
    }
}
