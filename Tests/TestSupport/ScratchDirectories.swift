import Foundation
import Glibc

/// Where tests keep their data directories: one folder per test process, removed when the process
/// exits, so a run leaves nothing behind (each test used to leave its data directory in the
/// temporary folder: thousands per run, gigabytes on a developer's machine). A process that is
/// killed leaves its one folder.
public enum ScratchDirectories {
    /// `kiosk-tests-PID-UUID` in the temporary folder, made on first use.
    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            fatalError("cannot make the tests' scratch folder \(url.path): \(error)")
        }
        atexit {
            // At exit nothing can report a failure; what is left is one folder for the next look.
            _ = try? FileManager.default.removeItem(at: ScratchDirectories.root)
        }
        return url
    }()

    /// A new path `PREFIX-UUID` in this process's folder (the folder exists; the path does not:
    /// the code under test makes its data directory itself, owner-only).
    public static func make(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }
}
