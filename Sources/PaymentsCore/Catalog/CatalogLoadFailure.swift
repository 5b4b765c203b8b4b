/// Why no catalog could be loaded from a file: it could not be read at all, or it was read and
/// is invalid. Kept apart because a command line reports them with different exit statuses
/// (EX_NOINPUT versus EX_DATAERR) and a user fixes them differently.
public enum CatalogLoadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing, unreadable or not UTF-8 text.
    case unreadable(file: String, reason: String)
    case invalid(CatalogErrors)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): "\(file): error: \(reason)"
        case let .invalid(errors): errors.description
        }
    }
}

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
