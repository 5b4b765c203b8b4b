/// One problem in a catalog file, with the position an editor can jump to.
public struct CatalogDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, counted in Unicode scalars (as libyaml counts).
    public var column: Int
    public var message: String
    public var severity: Severity

    /// An error makes the file invalid; a note only tells the author what was inferred.
    public enum Severity: String, Hashable, Sendable {
        case error
        case note
    }

    public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// The compiler-style form editors and CI logs recognise: `FILE:LINE:COLUMN: error: message`
    /// (or `note:`).
    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
