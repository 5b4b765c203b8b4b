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
        guard descriptor >= 0 else { throw PaymentsError.storage("cannot open \(path): errno \(errno)") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw PaymentsError.storage("cannot lock \(path): errno \(errno)") }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
