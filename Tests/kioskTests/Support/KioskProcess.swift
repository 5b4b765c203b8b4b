import Foundation

/// The built `kiosk` binary, which `swift test` places next to the test bundle, and the one way
/// the end-to-end tests run it.
enum KioskProcess {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var binaryURL: URL { Bundle.main.bundleURL.appendingPathComponent("kiosk") }

    /// Runs kiosk to completion. `environment` is added to this process's environment, or replaces
    /// it when `inheritEnvironment` is false (so a developer's own KIOSK_DATA_DIR never leaks in).
    static func run(_ arguments: [String], standardInput: Data = Data(), environment: [String: String] = [:],
                    inheritEnvironment: Bool = true, currentDirectory: URL? = nil) throws -> Outcome {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-stdin-\(UUID().uuidString)")
        try standardInput.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        process.environment = inheritEnvironment
            ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = try FileHandle(forReadingFrom: input)
        try launch(process)
        // Drain stderr concurrently so a chatty child never blocks on a full pipe.
        let errorData = LockedData()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(error.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                       stderr: String(decoding: errorData.value, as: UTF8.self))
    }

    /// Starts `process` with no other child starting at the same time: Foundation's `Process.run()`
    /// on Linux crashed (a bad read inside it) once in CI while several tests spawned children at once.
    static func launch(_ process: Process) throws {
        try launchLock.withLock { try process.run() }
    }

    private static let launchLock = NSLock()

    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(name)-\(UUID().uuidString)")
    }
}

/// Data handed from the stderr reader thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var value: Data { lock.withLock { data ?? Data() } }
}
