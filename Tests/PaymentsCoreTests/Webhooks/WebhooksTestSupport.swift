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

    /// Deterministic generator (SplitMix64) so generated secrets are reproducible.
    struct SeededGenerator: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    static func secret(_ encoded: String) throws -> WebhookSecret {
        try WebhookSecret(encoded: encoded)
    }
}
