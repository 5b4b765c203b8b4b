import Foundation
import GRDB

/// Named snapshots of a SQLite store: files in the data directory copied with SQLite's online
/// backup (`StoreSnapshotFile`).
extension SQLiteStorage {
    public func snapshotNames() async throws -> [String] {
        guard let directory = snapshotDirectory, FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw PaymentsError.storage("cannot list the snapshots in \(directory.path): \(error)")
        }
        return files.filter { $0.hasSuffix(".sqlite") && !$0.hasPrefix(".") }.map { String($0.dropLast(7)) }.sorted()
    }

    /// The previous snapshot of that name stays until the new one is complete, and stays too when
    /// SQLite's integrity check finds the live store's pages damaged (the one full check: saving is
    /// rare, opening is not).
    public func saveSnapshot(_ name: String) async throws {
        let file = try snapshotFile(name, saving: true)
        let findings: [String]
        do {
            findings = try await database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(20)") }
        } catch {
            throw reported(error)
        }
        guard findings == ["ok"] else {
            throw PaymentsError.storeFile(StoreFileFailure(kind: .damaged, database: database.path,
                                                           detail: "SQLite's integrity check: " + findings.joined(separator: "; ")))
        }
        do {
            try file.save(from: database)
        } catch let error as PaymentsError {
            throw error
        } catch {
            throw PaymentsError.storage("cannot save snapshot \(name): \(error)")
        }
    }

    /// Vetted first: SQLite's integrity check, Kiosk's schema at a version this build knows, then
    /// `vetting` on the copy. The copy then replaces the live store in place (other connections
    /// see it too).
    public func restoreSnapshot(_ name: String,
                                vetting: @escaping @Sendable (any PaymentsStorage) async throws -> [String]) async throws {
        let file = try snapshotFile(name, saving: false)
        let copy = try file.openValidated()
        let problems = try await vetting(SQLiteStorage(copy))
        guard problems.isEmpty else {
            throw file.rejected("its books do not hold (\(problems.prefix(3).joined(separator: "; ")))")
        }
        do {
            let sessions = try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT token_hash, account_id, created_at FROM sessions").map { row in
                    (hash: row["token_hash"] as String, accountID: row["account_id"] as String, createdAt: row["created_at"] as Int64)
                }
            }
            try copy.backup(to: database)
            try await database.write { db in
                for session in sessions {
                    try db.execute(sql: """
                        INSERT INTO sessions(token_hash, account_id, created_at)
                        SELECT ?, id, ? FROM accounts WHERE id = ? ON CONFLICT DO NOTHING
                        """, arguments: [session.hash, session.createdAt, session.accountID])
                }
            }
        } catch {
            throw PaymentsError.storage("cannot restore snapshot \(name): \(error)")
        }
    }

    private func snapshotFile(_ name: String, saving: Bool) throws -> StoreSnapshotFile {
        guard let directory = snapshotDirectory else {
            if saving { throw PaymentsError.snapshotRejected(name: name, reason: "this store keeps no named snapshots") }
            throw PaymentsError.snapshotNotFound(name)
        }
        return StoreSnapshotFile(name: name, url: directory.appendingPathComponent(name + ".sqlite"))
    }
}
