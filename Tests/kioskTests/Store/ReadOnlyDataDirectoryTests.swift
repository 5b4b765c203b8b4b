import Foundation
import Testing
import TestSupport

/// Issue 42 item 9: on a read-only file system the commands say so in words, with the path and
/// what to do, not `errno 30` or a debug form of the error. The data directory is made read-only
/// by a read-only bind mount in a mount namespace of the command's own (`unshare -m`, as root).
@Suite struct ReadOnlyDataDirectoryTests {
    static var canMount: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") }

    /// Runs kiosk `arguments` with `directory` mounted read-only; its status and both outputs.
    private func runReadOnly(_ directory: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let quoted = ([KioskProcess.binaryURL.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let script = "mount --bind '\(directory.path)' '\(directory.path)' && mount -o remount,ro,bind '\(directory.path)' "
            + "&& exec \(quoted) 2>&1"
        return try ChildProcess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script],
                                    environment: ProcessInfo.processInfo.environment)
    }

    @Test(.enabled(if: canMount))
    func aReadOnlyDataDirectoryIsToldInWordsWithThePathAndWhatToDo() throws {
        let directory = KioskProcess.temporaryDirectory("read-only")
        #expect(try KioskProcess.run(["seed", "--accounts", "1", "--months", "1", "--seed", "1", "--data-dir", directory.path])
            .status == 0)
        let path = directory.path
        let reason = "The store could not be read or written: cannot create the lock file \(path)/.kiosk.lock: "
            + "Read-only file system. Kiosk must be able to write in its data directory: make \(path) writable "
            + "or choose another with --data-dir."

        let status = try runReadOnly(directory, ["status", "--data-dir", path])
        #expect(status.status == 73)
        #expect(status.output == "kiosk: cannot open the data directory \(path): \(reason)\n")

        let key = try runReadOnly(directory, ["serve", "--print-admin-key", "--data-dir", path])
        #expect(key.status == 73)
        #expect(key.output == "kiosk: cannot read or create the admin key in \(path): \(reason)\n")
    }
}
