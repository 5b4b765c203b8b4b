/// "Export to": the folder an export is written in, asked each time (issue 41, item 15).
/// Prefilled with the last folder an export from this data directory went to, else the
/// current directory; a folder that cannot take the file is said here and nothing is written.
public struct ExportPrompt: Hashable, Sendable {
    public var format: ExportFormat
    /// The folder as typed.
    public var directory: String
    /// Why the last folder tried cannot take the export ("/tmp/nope does not exist.").
    public var problem: String?

    public init(format: ExportFormat, directory: String, problem: String? = nil) {
        self.format = format
        self.directory = directory
        self.problem = problem
    }

    public var fileName: String { ExportRequest(format: format, directory: directory).fileName }
}
