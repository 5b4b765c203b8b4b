import Foundation
import TestSupport
import Glibc

/// The built `kiosk` running in a real terminal: a detached tmux session on a socket of its
/// own. Tests type with `sendKeys`, read the screen with `capture`, and wait for text with
/// `waitFor` (polling capture-pane until it appears or a deadline passes: never sleep-and-hope).
///
/// The pane runs a script that starts kiosk, then prints `EXITED <status>` and `TTY` followed
/// by the terminal modes `icanon` and `echo` when they are on again, so a test can check that
/// kiosk gave the terminal back however it ended.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let directory: URL
    /// A socket of its own in the session's directory, removed with it.
    private var socket: URL { directory.appendingPathComponent("tmux.sock") }
    private var pidFile: URL { directory.appendingPathComponent("kiosk.pid") }
    private var statusFile: URL { directory.appendingPathComponent("kiosk.status") }
    private var outputFile: URL { directory.appendingPathComponent("output.log") }

    /// Starts kiosk with `arguments` in a `width`x`height` terminal. `environment` is added to
    /// a UTF-8 locale (set LANG to change that). With `ownSession`, kiosk runs in a session of
    /// its own (`setsid`), so closing the terminal sends it no SIGHUP: it only sees its input end.
    /// With `jobControl`, kiosk is started from an interactive bash, so Ctrl-Z suspends it and
    /// `fg` brings it back.
    /// `executable` is kiosk unless a test runs another program in the terminal (an SSH client).
    init(_ arguments: [String], executable: String = KioskProcess.binaryURL.path, environment: [String: String] = [:],
         width: Int = 100, height: Int = 30, ownSession: Bool = false, jobControl: Bool = false) throws {
        directory = KioskProcess.temporaryDirectory("tmux")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let variables = ["LANG": "C.UTF-8"].merging(environment) { $1 }
            .sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }.joined(separator: " ")
        let script = """
            trap ':' INT
            \(ownSession ? "trap '' HUP" : "")
            sh -c 'echo $$ > "$0"; exec "$@"' \(Self.quote(pidFile.path)) \(ownSession ? "setsid -w" : "") env \(variables) \
            \(([executable] + arguments).map(Self.quote).joined(separator: " "))
            status=$?
            echo "$status" > \(Self.quote(statusFile.path))
            echo "EXITED $status"
            echo "TTY $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e echo | tr '\\n' ' ')"
            \(ownSession ? "exit 0" : "exec sleep 600")
            """
        let scriptURL = directory.appendingPathComponent("pane.sh")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let paneCommand = jobControl ? "env PS1='$ ' bash --norc --noprofile -i" : "sh \(scriptURL.path)"
        try tmux(["new-session", "-d", "-s", "kiosk", "-x", "\(width)", "-y", "\(height)", paneCommand])
        if jobControl {
            // Typed only once bash is reading: typed ahead, the line would reach it garbled.
            try waitFor("the bash prompt") { $0.hasPrefix("$") }
            try sendKeys("sh \(scriptURL.path)", "Enter")
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// tmux key names (`q`, `Enter`, `C-c`, `Down`) or literal text.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "kiosk"] + keys)
    }

    /// Records from now on every byte the program writes to the terminal, so a wait can see text
    /// that was on the screen only briefly (a notice shown for five seconds) even when the test
    /// looked at the screen too late, as on a loaded machine.
    func startRecordingOutput() throws {
        try tmux(["pipe-pane", "-o", "-t", "kiosk", "cat >> \(Self.quote(outputFile.path))"])
    }

    /// Waits until the recorded output (see `startRecordingOutput`) contains `text`.
    func waitForOutput(_ text: String, timeout: Duration = .seconds(30)) throws {
        try waitForOutput("\"\(text)\"", timeout: timeout) { $0.contains(text) ? () : nil }
    }

    /// Waits until `find` finds something in the recorded output (escape sequences included,
    /// such as an OSC 8 hyperlink's address) and returns it.
    @discardableResult
    func waitForOutput<Found>(_ what: String, timeout: Duration = .seconds(30), _ find: (String) -> Found?) throws -> Found {
        try poll(timeout, "timed out waiting for \(what) in the terminal's output") {
            FileManager.default.contents(atPath: outputFile.path).flatMap { find(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// The visible screen as text; with `escapes`, including the colour and attribute sequences.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "kiosk"] + (escapes ? ["-e"] : []))
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "kiosk", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen contains `text` and returns it.
    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(30)) throws -> String {
        try waitFor(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen and returns it; on timeout the error shows
    /// the last screen, which is usually all a failure needs.
    @discardableResult
    func waitFor(timeout: Duration = .seconds(30), _ what: String, _ condition: (String) -> Bool) throws -> String {
        var screen = ""
        return try poll(timeout, "timed out waiting for \(what); the screen was:\n\(screen)") {
            screen = try capture()
            return condition(screen) ? screen : nil
        }
    }

    /// Closes the terminal under kiosk (ends tmux) and waits for kiosk's exit status.
    func closeTerminal(timeout: Duration = .seconds(30)) throws -> Int32 {
        _ = try? tmux(["kill-server"])
        return try poll(timeout, "kiosk did not exit after its terminal closed") {
            (try? String(contentsOf: statusFile, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Sends a signal to kiosk itself (not the shell around it).
    func signalKiosk(_ signal: Int32) throws {
        kill(try kioskPID(), signal)
    }

    /// Waits until kiosk is stopped (job control), as the kernel reports it: bash's "Stopped"
    /// notice is not always on the screen by then.
    func waitUntilKioskStops(timeout: Duration = .seconds(30)) throws {
        let stat = "/proc/\(try kioskPID())/stat"
        try poll(timeout, "kiosk did not stop") { () -> Void? in
            // The state letter follows the command name in parentheses.
            guard let text = try? String(contentsOfFile: stat, encoding: .utf8),
                  let close = text.lastIndex(of: ")"), text[close...].dropFirst(2).first == "T" else { return nil }
            return ()
        }
    }

    /// Looks every 50 ms until `look` finds something or `timeout` passes, then fails with
    /// `failure` (read then, so it can show the last thing looked at).
    @discardableResult
    private func poll<Found>(_ timeout: Duration, _ failure: @autoclosure () -> String,
                             _ look: () throws -> Found?) throws -> Found {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let found = try look() { return found }
            usleep(50_000)
        }
        throw Failure(description: failure())
    }

    private func kioskPID() throws -> pid_t {
        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw Failure(description: "no kiosk pid in \(pidFile.path)") }
        return pid
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
                           "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let result = try ChildProcess.run(["tmux", "-S", socket.path, "-f", "/dev/null"] + arguments, environment: environment)
        guard result.status == 0 || arguments == ["kill-server"] else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) exited \(result.status)")
        }
        return result.output
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
