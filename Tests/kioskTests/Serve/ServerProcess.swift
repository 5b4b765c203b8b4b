import Foundation

/// A `kiosk serve` child process, started on a free port; its URL is read from the line it prints
/// once it accepts connections.
final class ServerProcess {
    let process = Process()
    let url: URL
    private let output: Pipe

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init(dataDirectory: URL) throws {
        process.executableURL = KioskProcess.binaryURL
        process.arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "0"]
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try KioskProcess.launch(process)
        var text = ""
        let reader = output.fileHandleForReading
        while !text.contains("\n") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("Serving on "), let url = URL(string: String(line.dropFirst("Serving on ".count))) else {
            process.terminate()
            throw StartFailure(description: "kiosk serve printed \(text.debugDescription)")
        }
        self.url = url
    }

    /// Sends SIGTERM and waits: the server drains and exits by itself.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
