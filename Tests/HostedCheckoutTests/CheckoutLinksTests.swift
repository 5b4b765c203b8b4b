import Foundation
import HostedCheckout
import HTTPTypes
@testable import KioskServer
import PaymentsCore
import Testing

/// A terminal on another machine must be able to open the checkout page and come back: the
/// links the server hands out name the host the caller used, not the loopback address.
@Suite(.serialized) struct CheckoutLinksTests {
    @Test func theLinksNameTheHostTheCallerUsed() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let apiPort = try #require(URLComponents(string: served.origin)?.port)
        let checkoutPort = served.checkout.server.port
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"pro.monthly"}"#,
                                            key: served.adaKey, idempotencyKey: "by-name", host: "kiosk.test:\(apiPort)")
        #expect(created.status == 201)
        let link = try #require(URLComponents(string: created.body["checkout_url"] as? String ?? ""))
        #expect(link.scheme == "http" && link.host == "kiosk.test" && link.port == checkoutPort)
        let id = try #require(created.body["id"] as? String)
        #expect(link.path == "/checkout/\(id)")

        // The page, opened by that name, sends the browser back to the API server by the same name.
        let page = try await Browser.get(served.checkout.server.checkoutURL(sessionID: id).absoluteString,
                                         host: "kiosk.test:\(checkoutPort)")
        #expect(page.status == 200)
        let policyName = try #require(HTTPField.Name("Content-Security-Policy"))
        let policy = try #require(page.headers[policyName])
        #expect(policy.contains("http://kiosk.test:\(apiPort)"))

        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey,
                                         host: "[::1]:\(apiPort)")
        #expect(read.body["checkout_url"] as? String == "http://[::1]:\(checkoutPort)/checkout/\(id)")
    }

    @Test func aHostThatIsNotANameLeavesTheLinksOnTheServersAddress() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let apiPort = try #require(URLComponents(string: served.origin)?.port)
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"pro.monthly"}"#,
                                            key: served.adaKey, idempotencyKey: "odd-host", host: "evil.test@x:\(apiPort)")
        let id = try #require(created.body["id"] as? String)
        #expect(created.body["checkout_url"] as? String == served.checkout.server.checkoutURL(sessionID: id).absoluteString)
    }

    @Test func requestHostsAreReadStrictly() {
        #expect(RequestHost.parse(authority: "Kiosk.Example:8080") == "kiosk.example")
        #expect(RequestHost.parse(authority: "10.0.0.5") == "10.0.0.5")
        #expect(RequestHost.parse(authority: "[fe80::1]:8080") == "[fe80::1]")
        for bad in ["", ":8080", "a b:1", "evil.test@x", "[::1", "[zz]:1", "a/b", "a%2f", String(repeating: "a", count: 254)] {
            #expect(RequestHost.parse(authority: bad) == nil, "\(bad)")
        }
    }

    @Test func aCheckoutServerOnEveryAddressIsReachedOnLoopback() async throws {
        let fixture = try await HostedCheckoutFixture(host: "0.0.0.0")
        defer { Task { await fixture.server.stop() } }
        #expect(fixture.server.baseURL.host == "127.0.0.1")
        let checkout = try await fixture.begin("pro.monthly")
        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.status == 200)
        #expect(page.body.contains("Pro"))
    }
}
