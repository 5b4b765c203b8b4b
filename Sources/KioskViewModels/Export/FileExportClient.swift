import Foundation
import PaymentsCore
import StorefrontClient

/// Where exports are written: the only file I/O the view models ask for, injected so tests
/// capture the bytes instead of touching the disk.
public struct FileExportClient: Sendable {
    /// Whether `fileName` already exists in `directory`: asked before writing, so an export
    /// never replaces a file the person did not agree to replace. Throws `ExportFolderProblem`
    /// when the folder cannot take the file.
    public var exists: @Sendable (_ directory: String, _ fileName: String) async throws -> Bool
    /// Writes `data` as `fileName` in `directory` and returns the full path written.
    public var write: @Sendable (_ directory: String, _ fileName: String, _ data: Data) async throws -> String
    /// The folder the last export went to, offered as the next one's default; nil before the first.
    public var lastDirectory: @Sendable () async throws -> String?
    /// Keeps the folder an export just went to for the next one.
    public var rememberDirectory: @Sendable (_ directory: String) async throws -> Void

    public init(exists: @escaping @Sendable (String, String) async throws -> Bool,
                write: @escaping @Sendable (String, String, Data) async throws -> String,
                lastDirectory: @escaping @Sendable () async throws -> String? = { nil },
                rememberDirectory: @escaping @Sendable (String) async throws -> Void = { _ in }) {
        self.exists = exists
        self.write = write
        self.lastDirectory = lastDirectory
        self.rememberDirectory = rememberDirectory
    }

    public static var failing: FileExportClient {
        FileExportClient(exists: { _, _ in throw UnstubbedCall("files.exists") },
                         write: { _, _, _ in throw UnstubbedCall("files.write") },
                         lastDirectory: { throw UnstubbedCall("files.lastDirectory") },
                         rememberDirectory: { _ in throw UnstubbedCall("files.rememberDirectory") })
    }

    /// For a session that must not write on the machine it runs on (a storefront served over
    /// SSH would write on the server's disk): every export is refused with `reason`.
    public static func refusing(_ reason: String) -> FileExportClient {
        FileExportClient(exists: { _, _ in throw ExportRefused(reason: reason) },
                         write: { _, _, _ in throw ExportRefused(reason: reason) },
                         lastDirectory: { throw ExportRefused(reason: reason) },
                         rememberDirectory: { _ in throw ExportRefused(reason: reason) })
    }

    /// The name of the file in the data directory that keeps the last export folder.
    public static let lastDirectoryFileName = "last-export-folder"

    /// Writes to the local file system owner-only (an export lists what the customer bought),
    /// through a temporary file and a rename, so an existing file is replaced whole or not at all.
    /// The last folder used is kept in `dataDirectory` the same way, so each store has its own.
    public static func live(rememberingIn dataDirectory: URL) -> FileExportClient {
        let memory = dataDirectory.appendingPathComponent(lastDirectoryFileName)
        return FileExportClient(
            exists: { directory, fileName in
                let folder = url(directory)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
                    throw ExportFolderProblem.missing(folder.path)
                }
                guard isDirectory.boolValue else { throw ExportFolderProblem.notAFolder(folder.path) }
                guard FileManager.default.isWritableFile(atPath: folder.path) else { throw ExportFolderProblem.notWritable(folder.path) }
                return FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path)
            },
            write: { directory, fileName, data in
                let file = url(directory).appendingPathComponent(fileName)
                try OwnerOnlyFiles.write(data, to: file)
                return file.path
            },
            lastDirectory: {
                guard let data = try OwnerOnlyFiles.readIfPresent(memory) else { return nil }
                let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
                return path.isEmpty ? nil : path
            },
            rememberDirectory: { directory in
                try OwnerOnlyFiles.write(Data((url(directory).path + "\n").utf8), to: memory)
            })
    }

    /// The folder's absolute URL (`~` is the home folder), so the path reported and remembered is
    /// the full one even for a relative folder.
    private static func url(_ directory: String) -> URL {
        let expanded = (directory as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, isDirectory: true).absoluteURL.standardizedFileURL
    }
}

/// An export the session does not offer, with the reason shown to the person.
public struct ExportRefused: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Why a folder cannot take an export, said in the "Export to" dialog before anything is written.
public struct ExportFolderProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    static func missing(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) does not exist. Type a folder that does; nothing was written.")
    }

    static func notAFolder(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) is a file, not a folder. Type a folder; nothing was written.")
    }

    static func notWritable(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) is not writable by you. Type another folder; nothing was written.")
    }
}
