import Foundation
import Testing

/// Runs the built `kiosk` binary for the catalog end-to-end tests.
enum CatalogCLI {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Under `swift test` on Linux the test bundle runs from the build folder (.build/debug),
    /// next to the `kiosk` executable.
    static var binaryURL: URL { Bundle.main.bundleURL.appendingPathComponent("kiosk") }

    /// The default catalog as shipped, read from the source tree.
    static var defaultCatalogURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/catalog.yaml")
    }

    /// Runs `kiosk arguments…` in `directory`, with the data directory environment pointing into
    /// it so no test ever reads the real ~/.local/share/kiosk. Output goes through files, not
    /// pipes, so a large output can never block the child.
    static func run(_ arguments: [String], in directory: URL) throws -> Outcome {
        let stdoutURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let stderrURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "HOME": directory.path,
            "KIOSK_DATA_DIR": directory.appendingPathComponent("data").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()
        return Outcome(status: process.terminationStatus,
                       stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
                       stderr: try String(contentsOf: stderrURL, encoding: .utf8))
    }

    /// A fresh directory, removed by the caller's `defer`.
    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-catalog-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
