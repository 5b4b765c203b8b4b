import Foundation

/// Where exports are written: the only file I/O the view models ask for, injected so tests
/// capture the bytes instead of touching the disk.
public struct FileExportClient: Sendable {
    /// Writes `data` as `fileName` in `directory` and returns the path written.
    public var write: @Sendable (_ directory: String, _ fileName: String, _ data: Data) async throws -> String

    public init(write: @escaping @Sendable (String, String, Data) async throws -> String) {
        self.write = write
    }

    public static var failing: FileExportClient {
        FileExportClient { _, _, _ in throw UnstubbedCall("files.write") }
    }

    /// Writes to the local file system, replacing an existing file atomically.
    public static var live: FileExportClient {
        FileExportClient { directory, fileName, data in
            let url = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(fileName)
            try data.write(to: url, options: .atomic)
            return url.path
        }
    }
}
