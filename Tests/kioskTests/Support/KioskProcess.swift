import Foundation

/// The built `kiosk` binary, which `swift test` places next to the test bundle.
enum KioskProcess {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static var binaryURL: URL { Bundle.main.bundleURL.appendingPathComponent("kiosk") }

    /// Runs kiosk to completion with its own temporary data directory unless one is given.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
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
        return Outcome(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                       standardError: String(decoding: errorData.value, as: UTF8.self))
    }

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
