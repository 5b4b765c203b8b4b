import Foundation

/// One App Store Server Notification in the outbox.
public struct StoreNotification: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case pending, delivered, failed
    }

    public var uuid: String
    public var kind: StoreNotificationKind
    public var accountID: String?
    public var subscriptionID: String?
    public var transactionID: String?
    public var createdAt: Date
    public var attempts: Int
    public var nextAttemptAt: Date?
    public var deliveredAt: Date?
    public var lastError: String?

    public init(uuid: String, kind: StoreNotificationKind, accountID: String?, subscriptionID: String?, transactionID: String?,
                createdAt: Date, attempts: Int, nextAttemptAt: Date?, deliveredAt: Date?, lastError: String?) {
        self.uuid = uuid
        self.kind = kind
        self.accountID = accountID
        self.subscriptionID = subscriptionID
        self.transactionID = transactionID
        self.createdAt = createdAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
        self.lastError = lastError
    }

    public var status: Status {
        if deliveredAt != nil { return .delivered }
        return nextAttemptAt == nil ? .failed : .pending
    }
}

/// Apple's `ResponseBodyV2DecodedPayload`, the body of a `signedPayload`.
public struct StoreNotificationPayload: Codable, Hashable, Sendable {
    public struct Body: Codable, Hashable, Sendable {
        public var bundleId: String
        public var bundleVersion: String
        public var environment: TransactionEnvironment
        public var signedTransactionInfo: String?
        public var signedRenewalInfo: String?
        /// 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
        public var status: Int?

        public init(bundleId: String, bundleVersion: String, environment: TransactionEnvironment,
                    signedTransactionInfo: String?, signedRenewalInfo: String?, status: Int?) {
            self.bundleId = bundleId
            self.bundleVersion = bundleVersion
            self.environment = environment
            self.signedTransactionInfo = signedTransactionInfo
            self.signedRenewalInfo = signedRenewalInfo
            self.status = status
        }
    }

    public var notificationType: String
    public var subtype: String?
    public var notificationUUID: String
    public var data: Body
    public var version: String
    public var signedDate: Date

    public init(notificationType: String, subtype: String?, notificationUUID: String, data: Body, version: String,
                signedDate: Date) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.version = version
        self.signedDate = signedDate
    }
}

/// Posts a notification's JSON body (`{"signedPayload": …}`) and answers the HTTP status.
public protocol StoreNotificationTransport: Sendable {
    func post(_ body: Data, to url: URL) async throws -> Int
}

/// What a delivery run did.
public struct StoreNotificationDeliveryReport: Hashable, Sendable {
    public var delivered = 0
    public var failed = 0
    public init() {}
}

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
