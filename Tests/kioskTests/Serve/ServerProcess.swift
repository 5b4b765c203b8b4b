import Foundation
import TestSupport

/// A `kiosk serve` child process, started on a free port; its URL is read from the line it prints
/// once it accepts connections.
final class ServerProcess {
    let child: ChildProcess
    let url: URL

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init(dataDirectory: URL) throws {
        child = try KioskProcess.start(["serve", "--data-dir", dataDirectory.path, "--port", "0"],
                                       standardOutput: .pipe)
        let text = try child.standardOutput!.readFirstLine()
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("Serving on "), let url = URL(string: String(line.dropFirst("Serving on ".count))) else {
            child.send(SIGKILL)
            try child.wait()
            throw StartFailure(description: "kiosk serve printed \(text.debugDescription)")
        }
        self.url = url
    }

    /// Sends SIGTERM and waits: the server drains and exits by itself.
    func terminate() throws -> Int32 {
        child.send(SIGTERM)
        return try child.wait().status
    }
}
