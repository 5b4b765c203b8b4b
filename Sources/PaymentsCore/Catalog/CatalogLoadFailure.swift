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
