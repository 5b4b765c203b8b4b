import Foundation

/// Helper programs the storefront hands work to (a browser opener, a clipboard tool), run with
/// no access to the terminal curses is drawing on.
enum ExternalCommand {
    /// The program's path if it is on `PATH`.
    static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the program to its end with `input` on its standard input and nothing on its
    /// output; throws when it cannot start or fails.
    static func run(_ path: String, _ arguments: [String], input: Data = Data()) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: ExternalCommandError(program: path, reason: "could not start: \(error.localizedDescription)"))
                return
            }
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        guard status == 0 else { throw ExternalCommandError(program: path, reason: "exited with status \(status)") }
    }
}

/// A helper program that is missing or failed, worded for the checkout screen's notice.
struct ExternalCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    let program: String
    let reason: String

    var description: String { "\(program) \(reason)." }
}

/// Opens the hosted checkout page in the desktop's browser through `xdg-open`.
enum BrowserOpener {
    static func open(_ url: String) async throws {
        guard let opener = ExternalCommand.find("xdg-open") else {
            throw ExternalCommandError(program: "xdg-open", reason: "is not installed, so no browser can be opened from here")
        }
        try await ExternalCommand.run(opener, [url])
    }
}
