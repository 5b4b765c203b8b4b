import Foundation
import PaymentsCore

/// Where exports are written: the only file I/O the view models ask for, injected so tests
/// capture the bytes instead of touching the disk.
public struct FileExportClient: Sendable {
    /// Whether `fileName` already exists in `directory`: asked before writing, so an export
    /// never replaces a file the person did not agree to replace.
    public var exists: @Sendable (_ directory: String, _ fileName: String) async throws -> Bool
    /// Writes `data` as `fileName` in `directory` and returns the full path written.
    public var write: @Sendable (_ directory: String, _ fileName: String, _ data: Data) async throws -> String

    public init(exists: @escaping @Sendable (String, String) async throws -> Bool,
                write: @escaping @Sendable (String, String, Data) async throws -> String) {
        self.exists = exists
        self.write = write
    }

    public static var failing: FileExportClient {
        FileExportClient(exists: { _, _ in throw UnstubbedCall("files.exists") },
                         write: { _, _, _ in throw UnstubbedCall("files.write") })
    }

    /// For a session that must not write on the machine it runs on (a storefront served over
    /// SSH would write on the server's disk): every export is refused with `reason`.
    public static func refusing(_ reason: String) -> FileExportClient {
        FileExportClient(exists: { _, _ in throw ExportRefused(reason: reason) },
                         write: { _, _, _ in throw ExportRefused(reason: reason) })
    }

    /// Writes to the local file system owner-only (an export lists what the customer bought),
    /// through a temporary file and a rename, so an existing file is replaced whole or not at all.
    public static var live: FileExportClient {
        FileExportClient(
            exists: { directory, fileName in FileManager.default.fileExists(atPath: url(directory, fileName).path) },
            write: { directory, fileName, data in
                let url = url(directory, fileName)
                try OwnerOnlyFiles.write(data, to: url)
                return url.path
            })
    }

    /// The file's absolute URL, so the path reported is the full one even for a relative directory.
    private static func url(_ directory: String, _ fileName: String) -> URL {
        URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(fileName).absoluteURL.standardizedFileURL
    }
}
