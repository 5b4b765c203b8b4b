/// One problem in a catalog file, with the position an editor can jump to.
public struct CatalogDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, counted in Unicode scalars (as libyaml counts).
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The compiler-style form editors and CI logs recognise: `FILE:LINE:COLUMN: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
