import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KioskAPI
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

/// The real `kiosk serve` binary on a free loopback port: customers created with `kiosk accounts
/// create --server`, a purchase, another customer's 404, a refund and a feed reconnect through the
/// generated client, then SIGTERM stops it cleanly. On SQLite, and on PostgreSQL when
/// `KIOSK_TEST_POSTGRES_URL` names a cluster (`kiosk serve --database`, a schema of its own).
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeEndToEndTests {
    @Test(arguments: ServerProcess.Storage.available)
    func twoCustomersPurchaseRefundAndFeedReconnect(storage: ServerProcess.Storage) async throws {
        let data = KioskProcess.temporaryDirectory("serve")
        let server = try ServerProcess(dataDirectory: data, storage: storage)
        let admin = try KioskProcess.run(["serve", "--data-dir", data.path, "--print-admin-key"])
        let adminKey = admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(admin.status == 0 && adminKey.hasPrefix("kiosk_admin_"))
        let keyMode = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("admin.key").path)[.posixPermissions]
        #expect(keyMode as? Int == 0o600)

        func create(_ name: String) throws -> (id: String, key: String) {
            let outcome = try KioskProcess.run(
                ["accounts", "create", "--server", server.url.absoluteString, "--name", name, "--email", "\(name)@example.com", "--json"],
                environment: ["KIOSK_ADMIN_KEY": adminKey])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: String]
            return (object?["id"] ?? "", object?["api_key"] ?? "")
        }
        let ann = try create("ann")
        let bob = try create("bob")
        let annClient = client(server.url, key: ann.key)
        let bobClient = client(server.url, key: bob.key)

        _ = try await annClient.addCard(body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")))
            .created.body.json
        let bought = try await annClient.createPurchase(headers: .init(idempotencyKey: "e2e-1"),
                                                        body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        let invoiceID = try #require(bought.invoice?.id)
        #expect(try await annClient.getCustomer().ok.body.json.entitlements.map(\.id) == ["themes"])

        guard case let .default(status, _) = try await bobClient.getInvoice(path: .init(invoiceId: invoiceID)) else {
            Issue.record("another customer's key read the invoice")
            return
        }
        #expect(status == 404)

        let position = try await annClient.listEvents().ok.body.json.position
        let refund = try await annClient.refundInvoice(path: .init(invoiceId: invoiceID)).ok.body.json
        #expect(refund.original.status == .refunded)

        // A client that was away since `position` reconnects and gets the refund it missed.
        let stream = try await annClient.streamEvents(headers: .init(lastEventID: String(position))).ok.body.textEventStream
            .asDecodedServerSentEvents()
        var types: [String] = []
        for try await event in stream {
            types.append(event.event ?? "")
            if event.event == "refund.issued" { break }
        }
        #expect(types.contains("refund.issued"))

        // The app backend's hosted checkout: the link opens the simulator's page beside the server.
        let checkout = try await annClient.createHostedCheckout(body: .json(.init(userEmail: "ann@example.com", userId: ann.id)))
            .ok.body.json
        let link = try #require(URL(string: checkout.checkoutUrl))
        #expect(link.host == "127.0.0.1" && link.port != server.url.port)
        let (page, response) = try await URLSession.shared.data(from: link)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("Pay"))
        let standing = try await annClient.getUserSubscriptionStatus(query: .init(userId: ann.id)).ok.body.json
        #expect(!standing.isPremium && standing.subscriptionStatus.rawValue == "none")

        let duplicate = try KioskProcess.run(
            ["accounts", "create", "--server", server.url.absoluteString, "--name", "ann", "--email", "ann@example.com"],
            environment: ["KIOSK_ADMIN_KEY": adminKey])
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("409"))

        // A stream still open when SIGTERM arrives ends, so the server stops instead of waiting on it.
        let open = try await annClient.streamEvents().ok.body.textEventStream.asDecodedServerSentEvents()
        var openIterator = open.makeAsyncIterator()
        _ = try await openIterator.next()
        #expect(try server.terminate() == 0)
        while try await openIterator.next() != nil {}
    }

    /// Servers starting together on a fresh shared data directory agree on one admin key (each
    /// used to write its own, and the last rename won).
    @Test func serversStartingTogetherAgreeOnOneAdminKey() throws {
        let data = KioskProcess.temporaryDirectory("admin-key")
        let children = try (0..<8).map { _ in
            try KioskProcess.start(["serve", "--data-dir", data.path, "--print-admin-key"], standardOutput: .pipe)
        }
        var keys: Set<String> = []
        for child in children {
            keys.insert(try child.standardOutput!.readFirstLine().trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(try child.wait().status == 0)
        }
        let stored = try String(contentsOf: data.appendingPathComponent("admin.key"), encoding: .utf8)
        #expect(keys == [stored.trimmingCharacters(in: .whitespacesAndNewlines)])
    }

    @Test func theKeyCommandRefusesToShowAStoredKey() throws {
        let outcome = try KioskProcess.run(["accounts", "key", "acct_000001", "--data-dir", KioskProcess.temporaryDirectory("keys").path])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--rotate"))
    }

    private func client(_ url: URL, key: String) -> Client {
        Client(serverURL: url, transport: AsyncHTTPClientTransport(), middlewares: [BearerTokenMiddleware(token: key)])
    }
}
