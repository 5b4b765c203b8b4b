/// What one migration run found and did.
public struct PostgresMigrationReport: Sendable, Equatable, CustomStringConvertible {
    /// The version recorded when the run first looked (0: an empty database).
    public let startingVersion: Int
    /// The versions this run applied, in order; empty when the schema was current (or another
    /// instance applied them while this one waited for the lock).
    public let applied: [Int]
    public let currentVersion: Int

    /// `Migrated to v11 (applied v1…v11)`, `Migrated to v11 (applied v11)` or `Schema is current (v11)`.
    public var description: String {
        guard let first = applied.first, let last = applied.last else { return "Schema is current (v\(currentVersion))" }
        let range = first == last ? "v\(first)" : "v\(first)…v\(last)"
        return "Migrated to v\(currentVersion) (applied \(range))"
    }
}
