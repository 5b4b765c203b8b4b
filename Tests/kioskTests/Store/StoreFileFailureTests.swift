import Foundation
import Testing
import TestSupport

/// Issue 42 item 9 and issue 39: failures of the store's file itself (a read-only database, a
/// full disk) are said once, in a user's words, with the path and what to do; a full disk or an
/// I/O failure exits 74 (EX_IOERR), apart from a declined card's 1. Both run the real binary on
/// real conditions: file modes bind only for a user other than root (`setpriv`), and a full disk
/// is a small tmpfs mounted in a mount namespace of the script's own (`unshare -m`).
@Suite struct StoreFileFailureTests {
    static var isRoot: Bool { getuid() == 0 }
    static var canDropPrivileges: Bool { isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }
    static var canMount: Bool { isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") }

    /// A folder `nobody` can reach (the tests' scratch folder is root's alone), removed afterwards.
    private func reachableFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o711])
        return folder
    }

    private func quoted(_ words: [String]) -> String { words.map { "'\($0)'" }.joined(separator: " ") }

    @Test(.enabled(if: canDropPrivileges))
    func aReadOnlyDatabaseIsToldInWordsWithThePathAndWhatToDo() throws {
        let folder = try reachableFolder("read-only-db")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("data").path
        let database = directory + "/kiosk.sqlite"
        #expect(try KioskProcess.run(["seed", "--accounts", "1", "--months", "1", "--seed", "1", "--data-dir", directory])
            .status == 0)
        let environment = ProcessInfo.processInfo.environment
        #expect(try ChildProcess.run(["sh", "-c", "chown -R nobody:nogroup '\(directory)' && chmod 400 '\(database)'"],
                                     environment: environment).status == 0)
        let asNobody = { (arguments: [String]) in
            try ChildProcess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "sh", "-c",
                                  "exec \(quoted([KioskProcess.binaryURL.path] + arguments + ["--data-dir", directory])) 2>&1"],
                                 environment: environment)
        }
        let reason = "kiosk: cannot open the data directory \(directory): the store database \(database) is read-only "
            + "(mode 0400): make it writable by its owner (chmod 600 \(database)) and run the command again\n"

        let status = try asNobody(["status"])
        #expect(status.status == 73)
        #expect(status.output == reason)

        let buy = try asNobody(["store", "buy", "points.500", "--account", "acct_000001", "--idempotency-key", "k-1"])
        #expect(buy.status == 73)
        #expect(buy.output == "kiosk store buy: idempotency key k-1\n" + reason)
    }

    /// One script in its own mount namespace: seed on a 4 MiB tmpfs, fill it to 64 KiB of room
    /// (the store opens, the purchase's write and the snapshot's copy do not fit). Before, the
    /// purchase said `SQLite error 13: ... COMMIT TRANSACTION` and exited 1, the snapshot
    /// `The store could not be read or written: ... SQLite error 13: not an error`.
    @Test(.enabled(if: canMount))
    func aFullDiskHasOneWordingWithThePathAndExits74() throws {
        let mount = KioskProcess.temporaryDirectory("full-disk")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let (disk, directory) = (mount.path, mount.path + "/data")
        let kiosk = { (arguments: [String]) in self.quoted([KioskProcess.binaryURL.path] + arguments + ["--data-dir", directory]) }
        let script = """
            mount -t tmpfs -o size=4m tmpfs '\(disk)' || exit 99
            \(kiosk(["seed", "--accounts", "1", "--months", "1", "--seed", "1"])) >/dev/null 2>&1 || exit 98
            dd if=/dev/zero of='\(disk)/fill' bs=4k 2>/dev/null; truncate -s -64k '\(disk)/fill'
            \(kiosk(["store", "buy", "points.500", "--account", "acct_000001", "--idempotency-key", "k-1"])) 2>&1
            echo "buy $?"
            \(kiosk(["store", "snapshot", "save", "before"])) 2>&1
            echo "save $?"
            """
        let run = try runMounted(script)
        #expect(run.status == 0)
        #expect(run.output == """
            kiosk store buy: idempotency key k-1
            kiosk: the disk holding \(directory) is full: free space and run the command again
            The purchase may have been recorded. Run `kiosk store buy points.500 --account acct_000001 \
            --idempotency-key k-1` again once the cause is fixed: it finishes that purchase instead of buying twice.
            buy 74
            kiosk: the disk holding \(directory)/snapshots is full: free space and run the command again
            save 74

            """)
    }

    /// With no room at all the store does not even open (SQLite says "disk I/O error" where it
    /// sizes its shared memory): the same words, the same code.
    @Test(.enabled(if: canMount))
    func aDiskWithNoRoomToOpenTheStoreIsSaidTheSameWay() throws {
        let mount = KioskProcess.temporaryDirectory("no-room")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let (disk, directory) = (mount.path, mount.path + "/data")
        let kiosk = { (arguments: [String]) in self.quoted([KioskProcess.binaryURL.path] + arguments + ["--data-dir", directory]) }
        let run = try runMounted("""
            mount -t tmpfs -o size=4m tmpfs '\(disk)' || exit 99
            \(kiosk(["seed", "--accounts", "1", "--months", "1", "--seed", "1"])) >/dev/null 2>&1 || exit 98
            dd if=/dev/zero of='\(disk)/fill' bs=4k 2>/dev/null
            \(kiosk(["status"])) 2>&1
            echo "status $?"
            """)
        #expect(run.status == 0)
        #expect(run.output == """
            kiosk: cannot open the data directory \(directory): the disk holding \(directory) is full: free space \
            and run the command again
            status 74

            """)
    }

    /// Runs `script` as root in a mount namespace of its own, so its tmpfs is seen by it alone.
    private func runMounted(_ script: String) throws -> (status: Int32, output: String) {
        try ChildProcess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script],
                             environment: ProcessInfo.processInfo.environment)
    }
}
