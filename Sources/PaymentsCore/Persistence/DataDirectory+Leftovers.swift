import Foundation

extension DataDirectory {
    /// Removes what interrupted runs left behind: a snapshot's staging copy
    /// (`snapshots/.NAME.sqlite.partial`, under the snapshots folder's lock, so a save in progress
    /// keeps its own) and a replaced file's staging copy (`.NAME.PID.staged`) whose writer is gone.
    /// Neither was ever in place, so nothing stored is lost.
    func removeLeftovers() throws {
        for name in try Self.names(in: url) where name.hasSuffix(".staged") && name.hasPrefix(".") {
            let pid = name.dropLast(".staged".count).split(separator: ".").last.flatMap { pid_t($0) }
            guard let pid, !Self.isRunning(pid) else { continue }
            try OwnerOnlyFiles.removeIfPresent(url.appendingPathComponent(name))
        }
        let snapshots = url.appendingPathComponent("snapshots")
        guard FileManager.default.fileExists(atPath: snapshots.path) else { return }
        try DirectoryLock.withLock(in: snapshots) {
            for name in try Self.names(in: snapshots) where name.hasPrefix(".")
                && (name.hasSuffix(".sqlite.partial") || name.hasSuffix(".sqlite.partial-journal")) {
                try OwnerOnlyFiles.removeIfPresent(snapshots.appendingPathComponent(name))
            }
        }
    }

    private static func names(in folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw PaymentsError.storage("cannot list \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Whether a process with this id exists (one that cannot be signalled but exists counts).
    private static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
