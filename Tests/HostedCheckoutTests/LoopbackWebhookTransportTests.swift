import Foundation
import HostedCheckout
import NIOCore
import NIOPosix
import PaymentsCore
import Testing

/// The checkout server's own webhook POSTs (the answers of a real receiver are covered by
/// WebhookDeliveryTests over HTTP): a receiver that never answers, or an address that is not
/// the server's plain HTTP, is a failed delivery with its reason, retried on schedule.
@Suite struct LoopbackWebhookTransportTests {
    private let headers = WebhookHeaders(id: "msg_1", timestamp: "1700000000", signature: "v1,c2lnbmF0dXJl")

    @Test func aReceiverThatNeverAnswersFailsTheDeliveryAtItsDeadline() async throws {
        // Accepts connections and reads nothing back.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let port = try #require(silent.localAddress?.port)
        var transport = LoopbackWebhookTransport(endpoint: URL(string: "http://127.0.0.1:\(port)/webhooks")!)
        transport.timeout = .milliseconds(200)
        await #expect(throws: (any Error).self) {
            _ = try await transport.send(headers: headers, body: Data("{}".utf8))
        }
    }

    @Test func anAddressThatIsNotPlainHTTPIsRefusedWithItsReason() async throws {
        let transport = LoopbackWebhookTransport(endpoint: URL(string: "https://shop.example/webhooks")!)
        let error = await #expect(throws: (any Error).self) {
            _ = try await transport.send(headers: headers, body: Data("{}".utf8))
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("is not a plain http://host:port address"))
    }
}
