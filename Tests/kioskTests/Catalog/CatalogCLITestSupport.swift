import Foundation
import Testing

/// Runs the built `kiosk` binary for the catalog end-to-end tests.
enum CatalogCLI {
    typealias Outcome = KioskProcess.Outcome

    static var binaryURL: URL { KioskProcess.binaryURL }

    /// The default catalog as shipped, read from the source tree.
    static var defaultCatalogURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/catalog.yaml")
    }

    /// Runs `kiosk arguments…` in `directory`, with the data directory environment pointing into
    /// it so no test ever reads the real ~/.local/share/kiosk.
    static func run(_ arguments: [String], in directory: URL) throws -> Outcome {
        try KioskProcess.run(arguments, environment: [
            "HOME": directory.path,
            "KIOSK_DATA_DIR": directory.appendingPathComponent("data").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ], inheritEnvironment: false, currentDirectory: directory)
    }

    /// A fresh directory, removed by the caller's `defer`.
    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-catalog-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
