/// Every problem found in one catalog file, in file order.
///
/// The loader reports all of them at once so an edited catalog can be fixed in one pass instead
/// of one error per run.
public struct CatalogErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [CatalogDiagnostic]

    public init(diagnostics: [CatalogDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `FILE:LINE:COLUMN: error: message` line per problem.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
