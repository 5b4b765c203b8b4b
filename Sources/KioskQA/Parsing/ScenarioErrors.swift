import PaymentsCore

/// Every problem found in a scenario file, in file order.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [CatalogDiagnostic]

    public init(_ diagnostics: [CatalogDiagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// One `FILE:LINE:COLUMN: error: message` line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
