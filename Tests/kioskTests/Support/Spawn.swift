import Foundation
import Glibc

/// Runs a program to completion with `posix_spawn`, for tmux: Foundation's `Process` hangs a
/// test run when the tmux server daemonises holding its pipes, and a child spawned from a test
/// thread would inherit that thread's blocked signals. So the child gets an empty signal mask,
/// default handlers, no descriptor above 2, and its output goes to a file, not a pipe.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The exit status and standard output of `arguments[0]` (found on PATH) with `arguments[1...]`.
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard let closeFrom = closeFromAction, closeFrom(&actions, 3) == 0 else {
            throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is not available")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { (argument: String) in strdup(argument) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { (key: String, value: String) in strdup("\(key)=\(value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))") }
        }
        let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }

    /// glibc has it since 2.34, but Swift's Glibc module does not declare it.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    private static var closeFromAction: CloseFrom? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }
}
