/// App Store Server Notifications V2's `notificationType` and `subtype`, as Apple spells them.
public struct StoreNotificationKind: Hashable, Sendable, Codable {
    public var type: String
    public var subtype: String?

    public init(_ type: String, _ subtype: String? = nil) {
        self.type = type
        self.subtype = subtype
    }

    public static let test = StoreNotificationKind("TEST")
}
