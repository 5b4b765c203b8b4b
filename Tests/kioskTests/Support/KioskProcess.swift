import Foundation
import TestSupport

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
        let child = try start(arguments, environment: environment, inheritEnvironment: inheritEnvironment,
                              currentDirectory: currentDirectory, standardInput: .file(input.path),
                              standardOutput: .pipe, standardError: .pipe)
        // Drain stderr concurrently so a chatty child never blocks on a full pipe.
        let errorData = LockedData()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(Result { try child.standardError!.readToEnd() })
            drained.signal()
        }
        let outputData = try child.standardOutput!.readToEnd()
        drained.wait()
        let termination = try child.wait()
        return Outcome(status: termination.status, stdout: String(decoding: outputData, as: UTF8.self),
                       stderr: String(decoding: try errorData.value.get(), as: UTF8.self))
    }

    /// Starts kiosk and returns at once, for tests that talk to it or kill it while it runs.
    static func start(_ arguments: [String], environment: [String: String] = [:], inheritEnvironment: Bool = true,
                      currentDirectory: URL? = nil, standardInput: ChildProcess.Input = .null,
                      standardOutput: ChildProcess.Output = .null,
                      standardError: ChildProcess.Output = .null) throws -> ChildProcess {
        let base = inheritEnvironment ? ProcessInfo.processInfo.environment : [:]
        return try ChildProcess(binaryURL.path, arguments, environment: base.merging(environment) { $1 },
                                currentDirectory: currentDirectory?.path, standardInput: standardInput,
                                standardOutput: standardOutput, standardError: standardError)
    }

    static func temporaryDirectory(_ name: String) -> URL {
        ScratchDirectories.make("kiosk-\(name)")
    }
}

/// Data handed from the stderr reader thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Data, any Error> = .success(Data())

    func set(_ value: Result<Data, any Error>) { lock.withLock { result = value } }
    var value: Result<Data, any Error> { lock.withLock { result } }
}
