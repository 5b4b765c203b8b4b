/// A preferences file that cannot be used; the storefront starts with defaults and says why.
struct PreferencesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path) \(reason)" }
}
