import Foundation
import GRDB

/// SQLite's own check of a store file's pages (`PRAGMA integrity_check`), read-only, before the
/// store is opened: a store with overwritten pages is named as damaged, with SQLite's findings,
/// instead of failing later on the first row that does not decode.
public enum StoreIntegrity {
    /// SQLite's findings (empty when the file is sound or absent); the first few only.
    public static func damage(ofDatabaseAt url: URL, limit: Int = 20) -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            let findings = try queue.read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check(\(max(1, limit)))")
            }
            return findings == ["ok"] ? [] : findings
        } catch {
            return ["\(error)"]
        }
    }
}
