import Foundation

/// Plain-text output for commands: results on stdout, diagnostics on stderr.
enum Terminal {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
    }

    /// A progress line for long runs: on stderr, so stdout stays the result.
    static func progress(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
