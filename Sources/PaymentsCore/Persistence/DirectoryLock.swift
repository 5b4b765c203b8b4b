import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises first-run work (migrations, signing-key creation) between kiosk processes that open
/// one data directory at the same moment, so exactly one does it and the others see the result.
public enum DirectoryLock {
    public static func withLock<T>(in directory: URL, _ body: () throws -> T) throws -> T {
        let path = directory.appendingPathComponent(".kiosk.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create the lock file", path, in: directory) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw failure("cannot lock", path, in: directory) }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The system's reason in words ("Read-only file system"), and what to do about it.
    private static func failure(_ what: String, _ path: String, in directory: URL) -> PaymentsError {
        let code = errno
        let advice = code == EROFS || code == EACCES || code == EPERM
            ? "Kiosk must be able to write in its data directory: make \(directory.path) writable or choose another with --data-dir"
            : "check the data directory \(directory.path)"
        return .storage("\(what) \(path): \(String(cString: strerror(code))). \(advice).")
    }
}
