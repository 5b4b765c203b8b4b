/// RevenueCat's `EntitlementInfos`: every entitlement the account ever had, by id, with the
/// active ones also under `active`.
public struct EntitlementInfos: Hashable, Sendable, Codable {
    /// Active and inactive entitlements, by entitlement id.
    public var all: [String: EntitlementInfo]

    public init(all: [String: EntitlementInfo]) {
        self.all = all
    }

    public var active: [String: EntitlementInfo] { all.filter { $0.value.isActive } }

    public subscript(identifier: String) -> EntitlementInfo? { all[identifier] }
}
