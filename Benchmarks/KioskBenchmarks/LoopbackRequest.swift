import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One request to a server under benchmark, as a customer's client sends it.
enum LoopbackRequest {
    /// Sends the request and fails on anything but a 2xx answer, so a benchmark never times error pages.
    static func send(_ client: HTTPClient, _ method: HTTPMethod, _ url: URL, key: String, body: String? = nil,
                     idempotencyKey: String? = nil) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        if let idempotencyKey { request.headers.add(name: "Idempotency-Key", value: idempotencyKey) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(response.status.code) else {
            throw BenchmarkSetupError.invalidFixture("\(method) \(url.path) answered \(response.status): \(String(buffer: bytes))")
        }
        return Array(buffer: bytes)
    }
}
