import Foundation
import KioskViewModels

/// Preferences kept as `preferences.json` in the data directory.
struct PreferencesFile: Sendable {
    static let fileName = "preferences.json"
    let url: URL

    init(directory: URL) {
        url = directory.appendingPathComponent(Self.fileName)
    }

    var client: PreferencesClient {
        PreferencesClient(load: { [self] in try load() }, save: { [self] in try save($0) })
    }

    /// Defaults when the file does not exist yet.
    func load() throws(PreferencesFileError) -> Preferences {
        guard FileManager.default.fileExists(atPath: url.path) else { return Preferences() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PreferencesFileError(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        do {
            return try JSONDecoder().decode(Preferences.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw PreferencesFileError(path: url.path, reason: "is not valid JSON (\(context.debugDescription))")
        } catch let DecodingError.dataCorrupted(context) {
            throw PreferencesFileError(path: url.path, reason: "field '\(Self.path(context))' has an unknown value")
        } catch let DecodingError.keyNotFound(key, _) {
            throw PreferencesFileError(path: url.path, reason: "has no field '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw PreferencesFileError(path: url.path, reason: "field '\(Self.path(context))' has the wrong type")
        } catch {
            throw PreferencesFileError(path: url.path, reason: "cannot be decoded (\(error))")
        }
    }

    /// Written whole and atomically, so a crash never leaves half a file.
    func save(_ preferences: Preferences) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(preferences).write(to: url, options: .atomic)
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}

/// A preferences file that cannot be used; the storefront starts with defaults and says why.
struct PreferencesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path) \(reason)" }
}
