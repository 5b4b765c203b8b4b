import Foundation
import PaymentsCore

/// Where `kiosk run` writes what fails behind the screen (a due-work run, a webhook delivery)
/// while curses owns the terminal and there is no line to print it on: `kiosk.log` in the data
/// directory, owner-only, one timestamped line per failure. The work itself stays due and is
/// tried again, so the log is for finding out why, not for recovering.
struct BackgroundFailureLog: Sendable {
    let file: URL
    let clock: any KioskClock
    /// Past this size the log is moved to `kiosk.log.1` (replacing the previous one) and begun anew.
    static let maximumBytes = 1 << 20

    init(directory: DataDirectory, clock: any KioskClock = SystemClock()) {
        file = directory.url.appendingPathComponent("kiosk.log")
        self.clock = clock
    }

    /// Appends `what: error`; a log that cannot be written is not a reason to stop the storefront,
    /// so that failure is returned for the caller to ignore knowingly.
    @discardableResult
    func record(_ what: String, _ error: any Error) -> (any Error)? {
        let reason = (error as? PaymentsError)?.userMessage ?? String(describing: error)
        let line = "\(ISO8601DateFormatter().string(from: clock.now)) \(what): \(reason)\n"
        do {
            try rotateIfFull()
            let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path]) }
            defer { close(descriptor) }
            let bytes = Array(line.utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count else {
                throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: file.path])
            }
            return nil
        } catch {
            return error
        }
    }

    private func rotateIfFull() throws {
        guard let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int,
              size >= Self.maximumBytes else { return }
        let previous = file.appendingPathExtension("1")
        guard rename(file.path, previous.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: previous.path])
        }
    }
}
