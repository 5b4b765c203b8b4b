import Foundation
import Glibc

/// A child process started with `posix_spawn`, the one way tests start programs.
///
/// Foundation's `Process.run()` on Linux finds the highest open descriptor by reading
/// `/proc/self/fd` and copies each entry's whole 256-byte name buffer; with about 1,360
/// descriptors open (a parallel test run reaches that) the last entry sits at the end of
/// glibc's directory buffer and the copy reads past it: the test process died with SIGSEGV in
/// CI. Here the child closes every descriptor above 2 with `posix_spawn_file_actions_addclosefrom_np`,
/// which reads nothing, starts with an empty signal mask and default handlers (a test thread's
/// blocked signals would otherwise be inherited), and its pipes are close-on-exec in the parent.
public final class ChildProcess: @unchecked Sendable {
    public enum Input {
        case null
        case file(String)
    }

    public enum Output {
        case null
        case pipe
        case file(String)
    }

    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The status a shell would report: the exit code, or 128 plus the signal.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    /// The parent's read ends of the `.pipe` outputs, closed when read to the end.
    public let standardOutput: PipeReader?
    public let standardError: PipeReader?
    private let lock = NSLock()
    private var finished: Termination?

    /// Starts `executable` (a path, or a name looked up on PATH) with `environment` as its whole
    /// environment.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                currentDirectory: String? = nil, standardInput: Input = .null,
                standardOutput: Output = .null, standardError: Output = .null) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        func connect(_ output: Output, to target: Int32) throws -> PipeReader? {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                return nil
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                return nil
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Self.failure("pipe") }
                // Children started meanwhile by other threads close it anyway (closefrom below).
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                parentEnds.append(ends[0])
                childEnds.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                return PipeReader(descriptor: ends[0])
            }
        }
        switch standardInput {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        }
        let output = try connect(standardOutput, to: 1)
        let error = try connect(standardError, to: 2)
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else {
            parentEnds.forEach { close($0) }
            throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is not available")
        }
        if let currentDirectory {
            guard let changeDirectory = Self.changeDirectory, changeDirectory(&actions, currentDirectory) == 0 else {
                parentEnds.forEach { close($0) }
                throw Failure(description: "posix_spawn_file_actions_addchdir_np is not available")
            }
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
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            parentEnds.forEach { close($0) }
            throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.standardOutput = output
        self.standardError = error
    }

    /// A test that fails before stopping its child (a `kiosk serve` it started, say) must not leave
    /// the child running after the test process has ended: CI found such servers still serving
    /// beside the next steps. So a child never waited for is killed and reaped with its handle.
    deinit {
        lock.withLock {
            guard finished == nil else { return }
            _ = kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
    }

    /// Sends `signal` to the child (unless it has already been waited for).
    public func send(_ signal: Int32) {
        lock.withLock { if finished == nil { _ = kill(pid, signal) } }
    }

    /// Waits for the child to end; later calls return the same answer.
    @discardableResult
    public func wait() throws -> Termination {
        try lock.withLock {
            if let finished { return finished }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { throw Self.failure("waitpid") }
            }
            let termination: Termination = status & 0x7f == 0
                ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            finished = termination
            return termination
        }
    }

    private static func failure(_ call: String) -> Failure {
        Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }

    // glibc has both since 2.34 (addchdir_np since 2.29), but Swift's Glibc module declares neither.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?,
                                                         UnsafePointer<CChar>?) -> Int32

    private static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    private static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<T>(_ name: String) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: T.self) }
    }
}

/// The parent's end of a child's output pipe.
public final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { closeOnce() }

    /// The next bytes the child wrote, at most 64 KiB; empty at end of file.
    public func readChunk() throws -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            guard errno == EINTR else {
                throw ChildProcess.Failure(description: "read failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Everything up to end of file (the child exited or closed the stream), then closes the pipe.
    public func readToEnd() throws -> Data {
        var data = Data()
        while true {
            let chunk = try readChunk()
            if chunk.isEmpty { break }
            data += chunk
        }
        closeOnce()
        return data
    }

    /// Reads until the text read so far contains a newline or the stream ends; returns all of it.
    public func readFirstLine() throws -> String {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = try readChunk()
            if chunk.isEmpty { break }
            data += chunk
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func closeOnce() {
        lock.withLock {
            if !closed { close(descriptor); closed = true }
        }
    }
}

extension ChildProcess {
    /// Runs `arguments[0]` (found on PATH) to its end and returns its status and standard output.
    /// The output goes through a file, not a pipe: tmux's server daemonises holding the pipes it
    /// was started with, so a pipe would never reach end of file.
    public static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let child = try ChildProcess(arguments[0], Array(arguments.dropFirst()), environment: environment,
                                     standardOutput: .file(outputURL.path))
        let termination = try child.wait()
        let output = try String(contentsOf: outputURL, encoding: .utf8)
        return (termination.status, output)
    }
}
