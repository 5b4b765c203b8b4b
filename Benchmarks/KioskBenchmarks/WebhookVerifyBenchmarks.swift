import Benchmark
import Crypto
import Foundation
import PaymentsCore

/// 1 KB deliveries verified per second, beside a raw HMAC-SHA256 of the same signed bytes
/// (`id.timestamp.body`) with swift-crypto. Budget: >= 50% of the baseline.
enum WebhookVerifyBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
    }

    static func register() throws {
        let keyBytes = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let secret = try WebhookSecret(keyBytes: keyBytes)
        let body = Array(#"{"type":"invoice.paid","data":{"id":"in_1","note":""#.utf8)
            + Array(repeating: UInt8(ascii: "x"), count: 1_024 - 48) + Array(#""}}"#.utf8)
        let id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W"
        let timestamp: Int64 = 1_767_225_600
        let now = Date(timeIntervalSince1970: TimeInterval(timestamp))
        let headers = WebhookSigner(secret: secret).headers(id: id, timestamp: timestamp, body: body)
        let verifier = WebhookVerifier(secret: secret)
        try verifier.verify(headers, body: body, now: now)

        Benchmark("Webhook verify: WebhookVerifier 1 KB", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                do {
                    try verifier.verify(headers, body: body, now: now)
                } catch {
                    benchmark.error("a valid delivery failed verification: \(error)")
                }
            }
        }

        let key = SymmetricKey(data: keyBytes)
        let signedContent = Array("\(id).\(timestamp).".utf8) + body
        Benchmark("Webhook verify: baseline raw HMAC-SHA256 1 KB", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(HMAC<SHA256>.authenticationCode(for: signedContent, using: key))
            }
        }
    }
}
