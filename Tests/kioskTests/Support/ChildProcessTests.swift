import Foundation
import Testing
import TestSupport

/// The tests' own child launcher: whatever the test process has open, a child starts with its
/// three standard streams only, and the parent reads the child's output to its end.
@Suite struct ChildProcessTests {
    @Test func aChildInheritsNoDescriptorBeyondTheStandardThree() throws {
        let extra = (0..<300).map { _ in open("/dev/null", O_RDONLY) }
        defer { extra.forEach { close($0) } }
        #expect(extra.allSatisfy { $0 >= 0 })
        // `ls` lists its own directory handle as well, so 0, 1, 2 and one more.
        let child = try ChildProcess("/bin/ls", ["/proc/self/fd"], environment: [:], standardOutput: .pipe)
        let listed = String(decoding: try child.standardOutput!.readToEnd(), as: UTF8.self)
            .split(separator: "\n").compactMap { Int32($0) }
        #expect(try child.wait() == .exited(0))
        #expect(listed.count == 4, "\(listed)")
        #expect(Array(listed.prefix(3)) == [0, 1, 2])
    }

    @Test func aKilledChildReportsItsSignalAndAnExitReportsItsCode() throws {
        let sleeper = try ChildProcess("/bin/sleep", ["30"], environment: [:])
        sleeper.send(SIGKILL)
        #expect(try sleeper.wait() == .signalled(SIGKILL))
        #expect(try sleeper.wait().status == 128 + SIGKILL)
        let failing = try ChildProcess("/bin/sh", ["-c", "echo oops >&2; exit 3"], environment: [:], standardError: .pipe)
        #expect(String(decoding: try failing.standardError!.readToEnd(), as: UTF8.self) == "oops\n")
        #expect(try failing.wait() == .exited(3))
    }

    @Test func aChildNeverWaitedForEndsWithItsHandle() throws {
        var sleeper: ChildProcess? = try ChildProcess("/bin/sleep", ["30"], environment: [:])
        let pid = try #require(sleeper?.pid)
        #expect(kill(pid, 0) == 0)
        sleeper = nil
        // Killed and reaped: the pid names no process any more, not even a zombie.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aMissingProgramIsAnErrorThatNamesIt() {
        #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess("/no/such/program", [], environment: [:])
        }
    }
}
