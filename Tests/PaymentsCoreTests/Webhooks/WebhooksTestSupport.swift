import Foundation
import PaymentsCore

/// Fixtures shared by the webhook tests.
enum WebhooksTestSupport {
    /// The Standard Webhooks reference test vector (its libraries' sign test); the expected
    /// signature was recomputed independently with Python's hmac module.
    enum StandardVector {
        static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
        static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
        static let timestamp: Int64 = 1_614_265_330
        static let body = Data(#"{"test": 2432232314}"#.utf8)
        static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        static var now: Date { Date(timeIntervalSince1970: TimeInterval(timestamp)) }
        static var headers: WebhookHeaders {
            WebhookHeaders(id: id, timestamp: String(timestamp), signature: signature)
        }
    }

    static func secret(_ encoded: String) throws -> WebhookSecret {
        try WebhookSecret(encoded: encoded)
    }
}
