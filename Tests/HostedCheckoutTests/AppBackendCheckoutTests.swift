import Foundation
import HostedCheckout
import Hummingbird
import KioskServer
import Logging
import NIOCore
import PaymentsCore
import Simulators
import Testing

/// The client apps' hosted checkout through `kiosk serve`'s app-backend endpoints: the link opens
/// the provider's page, paying sends the browser back, and only the server's books (charged, then
/// confirmed by the signed webhook) make the user premium.
@Suite struct AppBackendCheckoutTests {
    struct Backend {
        let checkout: HostedCheckoutFixture
        let origin: String
        let key: String
        let task: Task<Void, any Error>

        func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, key: String? = nil) async throws
            -> (status: Int, body: [String: Any]) {
            var headers: HTTPFields = [.authorization: "Bearer \(key ?? self.key)"]
            if json != nil { headers[.contentType] = "application/json" }
            let page = try await Browser.send(origin + path, method: method, body: json, headers: headers, json: json != nil)
            let object = try JSONSerialization.jsonObject(with: Data(page.body.utf8)) as? [String: Any]
            return (page.status, try #require(object, "\(page.body)"))
        }
    }

    func backend(opener: Bool = true) async throws -> Backend {
        let checkout = try await HostedCheckoutFixture()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-app-backend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var logger = Logger(label: "kiosk.test")
        logger.logLevel = .critical
        let server = KioskServer(service: checkout.service, appStore: SimulatedAppStore(beside: checkout.service),
                                 adminKey: try AdminKey.loadOrCreate(in: directory, using: &generator),
                                 host: "127.0.0.1", port: 0, checkoutOpener: opener ? checkout.server : nil, logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { port in continuation.yield(port); continuation.finish() } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let key = try await checkout.service.issueAPIKey(accountID: checkout.account.id)
        return Backend(checkout: checkout, origin: "http://127.0.0.1:\(port)", key: key, task: task)
    }

    @Test func payingOnTheLinkMakesTheUserPremiumFromTheServersBooks() async throws {
        let backend = try await backend()
        defer { backend.task.cancel() }
        let user = backend.checkout.account.id
        let before = try await backend.call(.get, "/api/user/subscription-status?userId=\(user)")
        #expect(before.status == 200)
        #expect(Set(before.body.keys) == ["is_premium", "subscription_status", "updated_at"])
        #expect(before.body["is_premium"] as? Bool == false)
        #expect(before.body["subscription_status"] as? String == "none")
        #expect(before.body["updated_at"] as? String == "2026-01-01T00:00:00Z")

        let created = try await backend.call(.post, "/api/checkout/create",
                                             json: #"{"userEmail":"ada@example.com","userId":"\#(user)"}"#)
        #expect(created.status == 200)
        #expect(Set(created.body.keys) == ["checkout_url"])
        let link = try #require(created.body["checkout_url"] as? String)
        #expect(try await Browser.get(link).body.contains("Pro"))

        // Coming back to the return page without paying changes nothing.
        _ = try await Browser.get(backend.origin + "/checkout/return?status=active&subscription_id=sub_forged")
        #expect(try await backend.call(.get, "/api/user/subscription-status?userId=\(user)").body["is_premium"] as? Bool == false)

        let paid = try await Browser.post(link + "/pay", form: Browser.card("4242424242424242"))
        let location = try #require(paid.location)
        #expect(location.hasPrefix(backend.origin + "/checkout/return?"))
        let returned = try await Browser.get(location)
        #expect(returned.status == 200 && returned.body.contains("Payment submitted"))

        let after = try await backend.call(.get, "/api/user/subscription-status?userId=\(user)")
        #expect(after.body["is_premium"] as? Bool == true)
        #expect(after.body["subscription_status"] as? String == "active")
        #expect(after.body["updated_at"] as? String == "2026-01-01T00:00:00Z")
        let subscription = try #require(try await backend.checkout.service.subscriptions(accountID: user).first)
        #expect(subscription.productID == "pro.monthly")
        // The provider's signed webhook reached the merchant's receiver and was applied.
        #expect(try await backend.checkout.service.providerSubscriptionStatus(subscription.id) == "active")
        #expect(try await backend.checkout.service.checkInvariants() == [])
    }

    @Test func aCancelledCheckoutComesBackToTheCancelPageAndChargesNothing() async throws {
        let backend = try await backend()
        defer { backend.task.cancel() }
        let user = backend.checkout.account.id
        let created = try await backend.call(.post, "/api/checkout/create",
                                             json: #"{"userEmail":"ada@example.com","userId":"\#(user)","productId":"themes"}"#)
        let link = try #require(created.body["checkout_url"] as? String)
        let cancelled = try await Browser.post(link + "/cancel")
        let location = try #require(cancelled.location)
        #expect(location.hasPrefix(backend.origin + "/checkout/cancelled?"))
        #expect(try await Browser.get(location).body.contains("Nothing was charged"))
        #expect(try await backend.checkout.service.invoices(accountID: user, query: InvoiceQuery(cursor: nil, limit: 10)).items.isEmpty)
    }

    @Test func refusalsSayWhatIsWrong() async throws {
        let backend = try await backend()
        defer { backend.task.cancel() }
        let user = backend.checkout.account.id
        let cases: [(String, Int)] = [
            (#"{"userEmail":"eve@example.com","userId":"\#(user)"}"#, 400),
            (#"{"userEmail":"ada@example.com","userId":"acct_someone_else"}"#, 404),
            (#"{"userEmail":"ada@example.com","userId":"\#(user)","productId":"gold.bars"}"#, 404),
        ]
        for (json, status) in cases {
            let answer = try await backend.call(.post, "/api/checkout/create", json: json)
            #expect(answer.status == status, "\(json)")
            #expect((answer.body["error"] as? String)?.isEmpty == false)
        }
        #expect(try await backend.call(.get, "/api/user/subscription-status?userId=acct_someone_else").status == 404)

        let without = try await self.backend(opener: false)
        defer { without.task.cancel() }
        let unavailable = try await without.call(
            .post, "/api/checkout/create", json: #"{"userEmail":"ada@example.com","userId":"\#(without.checkout.account.id)"}"#)
        #expect(unavailable.status == 503)
    }
}
