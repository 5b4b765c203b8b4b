import ArgumentParser
import Foundation
import PaymentsCore

/// Plain-text output for commands: results on stdout, diagnostics on stderr.
package enum Terminal {
    package static func error(_ message: String) {
        FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
    }

    /// A progress line for long runs: on stderr, so stdout stays the result.
    package static func progress(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Runs a command's body; a refusal from the store is printed for a person and exits 1, a
    /// failure of the store's file with its own code (74 for a full disk, see `StoreFileFailure`).
    /// `settling`: what to do after a failure of the store itself (a full disk), when whatever
    /// `body` was changing may have been recorded before it failed.
    package static func reportingFailures(settling: String? = nil, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as PaymentsError {
            self.error("kiosk: \(error.userMessage)")
            if let settling, error.mayHaveRecordedPart { self.error(settling) }
            throw ExitCode(error.storeFileFailure?.exitCode ?? 1)
        }
    }
}

extension PaymentsError {
    /// A failure of the store itself, which may come after part of a change was recorded.
    var mayHaveRecordedPart: Bool {
        switch self {
        case .storage: true
        case let .storeFile(failure): failure.kind != .damaged && failure.kind != .olderSchema
        default: false
        }
    }
}
