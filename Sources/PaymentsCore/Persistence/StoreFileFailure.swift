import Foundation
import GRDB
import KioskSchema

/// A failure of the store's file itself rather than of the rules: SQLite's READONLY, FULL, IOERR
/// and CORRUPT results, said once in a user's words with the path and what to do, and with the
/// exit code the command line gives it (sysexits). Made by `StoreDatabase.open` for failures while
/// opening and by `SQLiteStorage` for later ones, so every command says the same thing.
public struct StoreFileFailure: Error, Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The file (or its folder) cannot be written by this user.
        case readOnly
        /// The disk (file system) holding the store has no room.
        case full
        /// The operating system failed a read or write.
        case ioFailure
        /// SQLite found pages that are not a sound database.
        case damaged
        /// The store's schema is older than this build's baseline (v30); `detail` is its version.
        case olderSchema
    }

    public let kind: Kind
    /// The database file.
    public let database: String
    /// SQLite's own words, kept for the I/O and damage cases where they help.
    public let detail: String
    /// The file's permission bits when it was found read-only (nil when not known).
    public let mode: Int?

    public init(kind: Kind, database: String, detail: String, mode: Int? = nil) {
        (self.kind, self.database, self.detail, self.mode) = (kind, database, detail, mode)
    }

    /// The failure `error` is, if it is one of the store's file (nil for the rules' errors).
    public static func from(_ error: any Error, database: String) -> StoreFileFailure? {
        guard let error = error as? DatabaseError else { return nil }
        let detail = "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error.resultCode)")"
        switch error.resultCode {
        case .SQLITE_READONLY:
            return StoreFileFailure(kind: .readOnly, database: database, detail: detail, mode: permissions(of: database))
        case .SQLITE_FULL: return StoreFileFailure(kind: .full, database: database, detail: detail)
        case .SQLITE_IOERR, .SQLITE_CANTOPEN:
            // SQLite reports a full disk as an I/O error where it grows its shared-memory file.
            let kind: Kind = diskIsFull(holding: database) ? .full : .ioFailure
            return StoreFileFailure(kind: kind, database: database, detail: detail)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return StoreFileFailure(kind: .damaged, database: database, detail: detail)
        default: return nil
        }
    }

    /// Whether the file system holding `path` has (next to) no room left; asked only after SQLite
    /// failed, so it costs nothing on success.
    static func diskIsFull(holding path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            let free = try FileManager.default.attributesOfFileSystem(forPath: folder)[.systemFreeSize] as? NSNumber
            return (free?.int64Value ?? .max) < 256 * 1024
        } catch {
            return false  // The folder cannot be examined: the failure stays an I/O failure, its words SQLite's.
        }
    }

    /// The file's permission bits, for the message; nil when they cannot be read (then the
    /// message names the folder too).
    static func permissions(of path: String) -> Int? {
        do {
            return (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).map { $0 & 0o777 }
        } catch {
            return nil
        }
    }

    public var userMessage: String {
        let folder = (database as NSString).deletingLastPathComponent
        switch kind {
        case .readOnly:
            if let mode, mode & 0o200 == 0 {
                return "the store database \(database) is read-only (mode \(String(format: "%04o", mode))): "
                    + "make it writable by its owner (chmod 600 \(database)) and run the command again"
            }
            return "the store database \(database) cannot be written (\(detail)): make it and its folder \(folder) "
                + "writable by the user running kiosk, on a file system mounted read-write, and run the command again"
        case .full:
            return "the disk holding \(folder) is full: free space and run the command again"
        case .ioFailure:
            return "the store database \(database) could not be read or written (\(detail)): check the disk, "
                + "then run the command again"
        case .damaged:
            let aside = (folder as NSString).appendingPathComponent("damaged")
            return "the store database \(database) is damaged (\(detail)): move it aside with its -wal and -shm files "
                + "(mkdir \(aside) && mv \(database)* \(aside)/), then restore a snapshot "
                + "(`kiosk store snapshot list`, then `kiosk store snapshot restore NAME`) or a backup"
        case .olderSchema:
            return StoreMigrations.refusal(of: "the store database \(database)", version: detail)
        }
    }

    /// sysexits(3): EX_IOERR for a full disk or an I/O failure, EX_CANTCREAT for a file that
    /// cannot be written, EX_DATAERR for a damaged store, EX_CONFIG for one an older release must
    /// upgrade first.
    public var exitCode: Int32 {
        switch kind {
        case .full, .ioFailure: 74
        case .readOnly: 73
        case .damaged: 65
        case .olderSchema: 78
        }
    }
}
