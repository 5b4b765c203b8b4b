import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and folders Kiosk writes hold customers' names and emails, webhook secrets and signing
/// keys, so they are created owner-only (0600 files, 0700 folders) whatever the umask, and a
/// replacement goes through a temporary file, fsync and rename so a crash leaves the old or the
/// new contents, never neither.
public enum OwnerOnlyFiles {
    static let fileMode: mode_t = 0o600
    static let directoryMode: mode_t = 0o700

    /// Creates `url` (and missing parents) owner-only, or tightens it if it exists with group or
    /// world access; throws a storage error naming the folder when that cannot be done.
    static func prepareDirectory(_ url: URL) throws {
        let path = url.path
        var created = mkdir(path, directoryMode) == 0
        if !created, errno == ENOENT {
            // Missing parents (such as ~/.local/share) get the usual modes; only Kiosk's own folder is private.
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw PaymentsError.storage("cannot create the folder \(url.deletingLastPathComponent().path): \(error)")
            }
            created = mkdir(path, directoryMode) == 0
        }
        if !created, errno != EEXIST { throw failure("cannot create the folder", path, errno) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure("cannot inspect the folder", path, errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw PaymentsError.storage("\(path) is not a folder")
        }
        guard status.st_mode & 0o077 != 0 else { return }
        guard status.st_uid == geteuid() else {
            throw PaymentsError.storage(
                "\(path) is readable by other users and belongs to someone else, so Kiosk cannot make it private; "
                    + "run `chmod 700 \(path)` as its owner or choose another data directory")
        }
        guard chmod(path, status.st_mode & 0o700) == 0 else {
            throw failure("cannot make the folder private (chmod 700)", path, errno)
        }
    }

    /// Makes an existing file owner-only (a no-op for a missing one): tightens what older versions
    /// of Kiosk created with the default umask.
    public static func tightenFile(_ url: URL) throws {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return }
            throw failure("cannot inspect", url.path, errno)
        }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else { return }
        guard chmod(url.path, status.st_mode & 0o600) == 0 else {
            throw failure("cannot make the file private (chmod 600)", url.path, errno)
        }
    }

    /// Creates an empty owner-only file if none exists, so that SQLite, which gives its `-wal`,
    /// `-shm` and journal files the database file's mode, creates those owner-only too.
    ///
    /// An existing file is never opened: closing any descriptor of a database file drops the POSIX
    /// locks SQLite holds on it for every connection of this process, so opening a second
    /// connection to an open store would leave the first one unlocked (SQLite then fails with
    /// "disk I/O error").
    static func createFile(_ url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw failure("cannot create", url.path, errno)
        }
        try tightenFile(url)
    }

    /// Flushes a file's contents (or a folder's entries, after a rename) to the disk.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open", url.path, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush", url.path, errno) }
    }

    /// Puts `staged` in place of `target` atomically and makes the rename durable.
    static func replace(_ target: URL, with staged: URL) throws {
        try sync(staged)
        guard rename(staged.path, target.path) == 0 else { throw failure("cannot move into place", target.path, errno) }
        try sync(target.deletingLastPathComponent())
    }

    /// Writes `data` as the whole new content of `url`: staged owner-only beside it, flushed, then
    /// renamed over it, so a crash leaves the old content or the new, never a torn file.
    public static func write(_ data: Data, to url: URL) throws {
        let staged = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).staged")
        try removeIfPresent(staged)
        let descriptor = open(staged.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        guard descriptor >= 0 else { throw failure("cannot create", staged.path, errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            unlink(staged.path)
            throw PaymentsError.storage("cannot write \(staged.path): \(error)")
        }
        try replace(url, with: staged)
    }

    /// Creates the folder `url` holding `files` (names and contents) whole: written owner-only
    /// into a staging folder beside it, flushed, then renamed into place, so a crash leaves no
    /// folder or all of it. Refuses to replace a folder that exists.
    public static func writeFolder(_ files: [(name: String, contents: Data)], to url: URL) throws {
        let staged = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).staged")
        do {
            if FileManager.default.fileExists(atPath: staged.path) { try FileManager.default.removeItem(at: staged) }
        } catch {
            throw PaymentsError.storage("cannot remove the leftover \(staged.path): \(error)")
        }
        try prepareDirectory(staged)
        for file in files {
            try write(file.contents, to: staged.appendingPathComponent(file.name))
        }
        try sync(staged)
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw PaymentsError.storage("\(url.path) appeared while it was being written")
        }
        try replace(url, with: staged)
    }

    /// The file's content, or nil when there is no such file; any other failure names the path.
    public static func readIfPresent(_ url: URL) throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw PaymentsError.storage("cannot read \(url.path): \(error)")
        }
    }

    /// Removes a file if it exists (a leftover staging file of an interrupted write).
    static func removeIfPresent(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("cannot remove", url.path, errno) }
    }

    private static func failure(_ what: String, _ path: String, _ code: Int32) -> PaymentsError {
        .storage("\(what) \(path): \(String(cString: strerror(code)))")
    }
}
