import Foundation

/// Runs the `kiosk` executable that `swift test` built next to the test bundle.
enum RedirectCLI {
    /// What one run of the built `kiosk` binary produced.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        }
    }

    static var binaryURL: URL {
        Bundle.main.bundleURL.appendingPathComponent("kiosk")
    }

    static func run(_ arguments: [String], stdin: String = "") throws -> Result {
        let input = FileManager.default.temporaryDirectory
            .appendingPathComponent("redirect-cli-\(UUID().uuidString).txt")
        try Data(stdin.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }

        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: input)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self)
        )
    }
}
