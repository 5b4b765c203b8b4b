import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Issue 42 item 9: the checkout return and cancel pages carry the security headers every other
/// page has, and an answer holding a new API key is never cached.
@Suite struct ResponseHeadersTests {
    private func send(_ fixture: ServerFixture, _ method: HTTPMethod, _ path: String, key: String?,
                      body: String? = nil) async throws -> (status: UInt, headers: HTTPHeaders) {
        var request = HTTPClientRequest(url: fixture.baseURL.absoluteString + path)
        request.method = method
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, response.headers)
    }

    @Test func theCheckoutReturnAndCancelPagesCarryTheSecurityHeaders() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for path in ["/checkout/return", "/checkout/cancelled"] {
            let page = try await send(fixture, .GET, path, key: nil)
            #expect(page.status == 200, "\(path)")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true, "\(path)")
            #expect(page.headers.first(name: "X-Frame-Options") == "DENY", "\(path)")
            #expect(page.headers.first(name: "Referrer-Policy") == "no-referrer", "\(path)")
            #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
        }
    }

    @Test func anAnswerWithANewAPIKeyIsNeverCached() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let created = try await send(fixture, .POST, "/v1/admin/accounts", key: fixture.adminKey.value,
                                     body: #"{"name":"Ann","email":"ann@example.com"}"#)
        #expect(created.status == 201)
        #expect(created.headers.first(name: "Cache-Control") == "no-store")
        let ann = try await fixture.customerKey("bea")
        let rotated = try await send(fixture, .POST, "/v1/admin/accounts/\(ann.id)/key", key: fixture.adminKey.value)
        #expect(rotated.status == 201)
        #expect(rotated.headers.first(name: "Cache-Control") == "no-store")
    }
}
