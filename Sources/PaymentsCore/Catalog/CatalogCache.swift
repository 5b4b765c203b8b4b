import Crypto
import Foundation

/// The parsed catalog kept in the data directory (`catalog.cache`), so that a start does not
/// parse the YAML again when it has not changed.
///
/// Never trusted: the file names the SHA-256 of the YAML it was made from and of its own payload;
/// a cache made from other bytes, made by another cache format, damaged, or not decodable is
/// ignored and made again from the YAML. It is written owner-only through a temporary file and a
/// rename, and only when missing or stale, so a start with an unchanged catalog writes nothing.
public struct CatalogCache: Sendable {
    /// Bump when `Catalog`'s encoded form or what the reader infers changes.
    static let format = "kiosk-catalog-cache 1"

    public let url: URL

    public init(directory: DataDirectory) {
        url = directory.url.appendingPathComponent("catalog.cache")
    }

    /// How a load went: what the start-up benchmark and the tests look at.
    public enum Outcome: Sendable, Hashable {
        /// Read from the cache; the YAML was not parsed.
        case hit
        /// Parsed from the YAML, and the cache written for next time.
        case rebuilt
        /// Parsed from the YAML; the cache could not be written (a read-only data directory).
        case parsedUncached
    }

    /// The catalog `yaml` describes: from the cache when it was made from exactly these bytes,
    /// else `parse(yaml)` (and a valid result cached). A parse failure is returned as it is and
    /// leaves the cache alone.
    public func catalog(for yaml: Data, parse: (Data) -> Result<Catalog, CatalogLoadFailure>)
        -> (Result<Catalog, CatalogLoadFailure>, Outcome) {
        let key = LowercaseHex.encode(SHA256.hash(data: yaml))
        if let cached = read(key: key) { return (.success(cached), .hit) }
        let parsed = parse(yaml)
        guard case let .success(catalog) = parsed else { return (parsed, .parsedUncached) }
        return (parsed, write(catalog, key: key) ? .rebuilt : .parsedUncached)
    }

    private func read(key: String) -> Catalog? {
        // A missing or unreadable cache is the same as a stale one: the YAML is parsed instead.
        guard let data = FileManager.default.contents(atPath: url.path),
              let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        let payload = data[data.index(after: newline)...]
        guard header == "\(Self.format) \(key) \(LowercaseHex.encode(SHA256.hash(data: payload)))" else { return nil }
        do {
            return try JSONDecoder().decode(Catalog.self, from: payload)
        } catch {
            // Intact but not of this build's shape: made again from the YAML.
            return nil
        }
    }

    private func write(_ catalog: Catalog, key: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A command given a data directory that holds nothing yet does not create it for this.
        guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) else { return false }
        do {
            let payload = try encoder.encode(catalog)
            var file = Data("\(Self.format) \(key) \(LowercaseHex.encode(SHA256.hash(data: payload)))\n".utf8)
            file.append(payload)
            try OwnerOnlyFiles.write(file, to: url)
            return true
        } catch {
            // Only the next start's speed depends on it: that start parses the YAML again.
            return false
        }
    }
}
