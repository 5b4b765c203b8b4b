import Foundation
import Testing

/// Issue 41 item 17: `kiosk run --dump --server` with a key the server refuses, or a server that
/// does not answer, says in one line what is wrong and fails instead of printing "Loading…".
@Suite(.serialized, .timeLimit(.minutes(10))) struct RemoteDumpFailureTests {
    @Test func aRefusedKeyIsOneLineAndExitsNoPerm() throws {
        let data = KioskProcess.temporaryDirectory("serve-bad-token")
        let server = try ServerProcess(dataDirectory: data)
        defer { _ = try? server.terminate() }
        let result = try KioskProcess.run(["run", "--dump", "--server", server.url.absoluteString, "--token", "BAD",
                                           "--data-dir", KioskProcess.temporaryDirectory("bad-token-prefs").path])
        #expect(result.status == 77, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasPrefix("kiosk: The server at \(server.url.absoluteString) refused this storefront's key "
            + "(401 Unauthorized) while "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stdout.contains("Loading"))
    }

    @Test func anUnreachableServerIsOneLineAndExitsUnavailable() throws {
        let result = try KioskProcess.run(["run", "--dump", "--server", "http://127.0.0.1:9", "--token", "key",
                                           "--data-dir", KioskProcess.temporaryDirectory("unreachable-prefs").path])
        #expect(result.status == 69, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "kiosk: Can't reach the server at 127.0.0.1:9: connection refused\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
