import AsyncHTTPClient
import Foundation
import NIOCore
import PaymentsCore

/// Posts App Store Server Notifications as Apple's servers do: a JSON body, one request each.
struct HTTPStoreNotificationTransport: StoreNotificationTransport {
    /// How long one delivery may take before it counts as failed and is retried on schedule.
    var timeout: TimeAmount = .seconds(10)

    init() {}

    func post(_ body: Data, to url: URL) async throws -> Int {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }
}
