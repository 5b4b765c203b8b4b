import ArgumentParser
import Foundation
import PaymentsCore

/// How catalog commands end when no catalog can be used: sysexits codes, so scripts and CI can
/// tell a file to fix (65, EX_DATAERR) from a path to fix (66, EX_NOINPUT) from an output that
/// could not be written (73, EX_CANTCREAT).
enum CatalogExitStatus {
    static let invalid = ExitCode(65)
    static let unreadable = ExitCode(66)
    static let cannotCreate = ExitCode(73)

    /// Writes every problem to standard error, one `FILE:LINE:COLUMN: error: message` line each,
    /// and returns the exit code to throw.
    static func report(_ failure: CatalogLoadFailure) -> ExitCode {
        FileHandle.standardError.write(Data((failure.description + "\n").utf8))
        switch failure {
        case .unreadable: return unreadable
        case .invalid: return invalid
        }
    }
}
