import Foundation
import NIOCore
import KioskAPI
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
import TestSupport

/// Two real `kiosk serve` processes on one PostgreSQL database: eight customers hammer both with
/// purchases (each sent to both servers under one idempotency key, a retry that lands on the other
/// instance), refunds and test-clock advances, and one server is killed with SIGKILL mid-load.
/// Afterwards, read through a server started anew: every purchase is recorded once, every
/// renewal charged once per month, whatever the killed server answered is there, and
/// `kiosk store check --database` finds the books balanced. Runs when `KIOSK_TEST_POSTGRES_URL`
/// names a cluster (it does in `.ci/run`).
@Suite(.serialized, .timeLimit(.minutes(10))) struct TwoServersOneDatabaseTests {
    static let rounds = 6
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test(.enabled(if: ServerProcess.Storage.postgresCluster != nil))
    func eightClientsOnTwoServersOneKilledMidLoad() async throws {
        let (storage, (data, survivor), (_, victim), adminKey) = try twoServers("two-servers")
        let servers = Pair(survivor: client(survivor.url, key: adminKey), victim: client(victim.url, key: adminKey, timeout: .seconds(5)))

        var customers: [Customer] = []
        for index in 0..<8 {
            let account = try await servers.survivor.createAccount(
                body: .json(.init(name: "c\(index)", email: "c\(index)@example.com"))).created.body.json
            let clock = try await servers.survivor.createTestClock(body: .json(.init(name: "c\(index)", frozenAt: Self.start)))
                .created.body.json
            _ = try await servers.survivor.attachTestClock(path: .init(accountId: account.id), body: .json(.init(clockId: clock.id)))
                .ok
            let customer = Customer(id: account.id, apiKey: account.apiKey, clockID: clock.id,
                                    servers: Pair(survivor: client(survivor.url, key: account.apiKey),
                                                  victim: client(victim.url, key: account.apiKey, timeout: .seconds(5))),
                                    admin: servers)
            _ = try await customer.servers.survivor.addCard(
                body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"))).created
            customers.append(customer)
        }

        // Half-way through all customers' rounds, the victim is killed wherever its requests are.
        let victimProcess = victim.child
        let killSwitch = KillSwitch(after: customers.count * Self.rounds / 2) { victimProcess.send(SIGKILL) }
        let ledgers = try await withThrowingTaskGroup(of: Ledger.self) { group in
            for customer in customers {
                group.addTask { try await customer.hammer(rounds: Self.rounds, victimState: killSwitch) }
            }
            return try await group.reduce(into: [String: Ledger]()) { $0[$1.accountID] = $1 }
        }
        #expect(try victim.child.wait() == .signalled(SIGKILL))
        #expect(ledgers.values.contains { !$0.heardFromVictim.isEmpty }, "the killed server answered nothing before it died")
        #expect(try survivor.terminate() == 0)

        let check = try KioskProcess.run(["store", "check", "--data-dir", data.path] + storage.arguments)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("invariants hold (8 accounts)"))

        let restarted = try ServerProcess(dataDirectory: data, storage: storage)
        for customer in customers {
            let ledger = try #require(ledgers[customer.id])
            let invoices = try await client(restarted.url, key: customer.apiKey)
                .listInvoices(query: .init(limit: 100)).ok.body.json.items
            let purchases = invoices.filter { $0.kind == .oneTime }.map(\.id)
            #expect(purchases.count == Self.rounds, "\(customer.id): \(purchases)")
            #expect(Set(purchases) == ledger.purchases)
            #expect(ledger.heardFromVictim.isSubset(of: Set(invoices.map(\.id))), "\(customer.id) lost what the killed server answered")
            #expect(invoices.filter { $0.kind == .subscriptionCreate }.count == 1)
            let refunds = invoices.filter { $0.kind == .refund }.compactMap(\.refundOf)
            #expect(refunds.count == ledger.refunded.count && Set(refunds) == ledger.refunded)
            let renewals = invoices.filter { $0.kind == .renewal }
            #expect(renewals.count == Self.rounds, "\(customer.id) renewed \(renewals.count) times in \(Self.rounds) months")
            #expect(renewals.allSatisfy { $0.status == .paid })
        }
        #expect(try restarted.terminate() == 0)
    }

    /// The change feed reaches the clients of every server: a customer's live stream on one server
    /// hears of purchases made through the other. (Commits out of id order are
    /// `FeedCommitOrderTests`'.)
    @Test(.enabled(if: ServerProcess.Storage.postgresCluster != nil))
    func aStreamOnOneServerHearsOfPurchasesMadeThroughTheOther() async throws {
        let (_, (_, first), (_, second), adminKey) = try twoServers("two-servers-feed")
        let account = try await client(first.url, key: adminKey)
            .createAccount(body: .json(.init(name: "ann", email: "ann@example.com"))).created.body.json
        let listener = client(first.url, key: account.apiKey)
        let buyer = client(second.url, key: account.apiKey)
        _ = try await buyer.addCard(body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")))
            .created
        let position = try await listener.getEventsPosition().ok.body.json.position
        let stream = try await listener.streamEvents(headers: .init(lastEventID: String(position))).ok.body.textEventStream
            .asDecodedServerSentEvents()

        var invoices: [String] = []
        for index in 1...3 {
            let result = try await buyer.createPurchase(headers: .init(idempotencyKey: "points-\(index)"),
                                                        body: .json(.init(productId: "points.500"))).ok.body.json
            invoices.append(try #require(result.invoice?.id))
        }
        var heard: [String] = []
        for try await event in stream where event.event == "purchase.completed" {
            let object = try JSONSerialization.jsonObject(with: Data((event.data ?? "").utf8)) as? [String: Any]
            heard.append(object?["invoice_id"] as? String ?? "")
            if heard.count == invoices.count { break }
        }
        #expect(heard == invoices)
        #expect(try first.terminate() == 0)
        #expect(try second.terminate() == 0)
    }

    /// Servers on different machines share no data directory: the first records the store's keys
    /// in the database and one started on a new directory is given them. So one admin key serves
    /// both, a card saved through either is one card (one fingerprint key), the books check run
    /// from the second directory verifies what the first signed, and a directory holding another
    /// store's key is refused before it serves.
    @Test(.enabled(if: ServerProcess.Storage.postgresCluster != nil))
    func serversWithDataDirectoriesOfTheirOwnShareTheStoresKeys() async throws {
        let (storage, first, second, adminKey) = try twoServers("shared-keys")
        #expect(adminKey == (try Self.file("admin.key", in: first.data)), "the second directory's key is the first's")
        for file in ["card-processor.key", "merchant-signing/root-ca.pem", "merchant-signing/intermediate-ca.pem",
                     "transaction-signing/root-ca.pem"] {
            #expect(try Self.file(file, in: first.data) == (try Self.file(file, in: second.data)), "\(file)")
        }
        let account = try await client(second.server.url, key: adminKey)
            .createAccount(body: .json(.init(name: "ann", email: "ann@example.com"))).created.body.json
        let (viaFirst, viaSecond) = (client(first.server.url, key: account.apiKey), client(second.server.url, key: account.apiKey))
        let card = Components.Schemas.NewCard(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")
        let saved = try await viaFirst.addCard(body: .json(card)).created.body.json.id
        #expect(try await viaSecond.addCard(body: .json(card)).created.body.json.id == saved, "one card, one fingerprint")
        #expect(try await viaSecond.listPaymentMethods().ok.body.json.map(\.id) == [saved])
        let sale = try #require(try await viaFirst.createPurchase(headers: .init(idempotencyKey: "subscribe"),
                                                                  body: .json(.init(productId: "enterprise.monthly"))).ok.body.json.invoice?.id)

        #expect(try first.server.terminate() == 0)
        #expect(try second.server.terminate() == 0)
        let check = try KioskProcess.run(["store", "check", "--data-dir", second.data.path] + storage.arguments)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("invariants hold (1 accounts)"), "\(check.stdout)")
        let restarted = try ServerProcess(dataDirectory: second.data, storage: storage)
        #expect(try await client(restarted.url, key: account.apiKey).getInvoice(path: .init(invoiceId: sale)).ok.body.json.id == sale)
        #expect(try restarted.terminate() == 0)

        let stranger = KioskProcess.temporaryDirectory("shared-keys-stranger")
        try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)
        try Data("kiosk_admin_another\n".utf8).write(to: stranger.appendingPathComponent("admin.key"))
        let refused = try KioskProcess.run(["serve", "--data-dir", stranger.path, "--port", "0"] + storage.arguments)
        #expect(refused.status == 78)
        #expect(refused.stderr.contains(stranger.appendingPathComponent("admin.key").path), "\(refused.stderr)")
        #expect(refused.stderr.contains("belongs to another store"), "\(refused.stderr)")
    }

    /// Issue 42 item 1 across instances: a stream opened on one server ends once the key is
    /// rotated through the other, before the customer's next purchase reaches it.
    @Test(.enabled(if: ServerProcess.Storage.postgresCluster != nil))
    func aKeyRotatedOnOneServerEndsItsStreamOnTheOther() async throws {
        let (_, (_, first), (_, second), adminKey) = try twoServers("two-servers-rotation")
        let account = try await client(second.url, key: adminKey)
            .createAccount(body: .json(.init(name: "ann", email: "ann@example.com"))).created.body.json
        let listener = client(first.url, key: account.apiKey)
        let stream = try await listener.streamEvents(headers: .init(lastEventID: nil)).ok.body.textEventStream
            .asDecodedServerSentEvents()
        var events = stream.makeAsyncIterator()

        let rotated = try await client(second.url, key: adminKey).rotateAccountKey(path: .init(accountId: account.id))
            .created.body.json
        let buyer = client(second.url, key: rotated.apiKey)
        _ = try await buyer.addCard(body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")))
            .created
        _ = try await buyer.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        var heard: [String] = []
        while let event = try await events.next() {
            if let type = event.event { heard.append(type) }
        }
        #expect(!heard.contains("purchase.completed"), "the old key's stream heard \(heard)")
        #expect(try first.terminate() == 0)
        #expect(try second.terminate() == 0)
    }

    /// Two servers on one new PostgreSQL store, each with a data directory of its own (the keys
    /// they share come from the store); the admin key as the second prints it.
    private func twoServers(_ label: String) throws
        -> (ServerProcess.Storage, first: (data: URL, server: ServerProcess), second: (data: URL, server: ServerProcess),
            adminKey: String) {
        let storage = try #require(ServerProcess.Storage.freshPostgres())
        let (firstData, secondData) = (KioskProcess.temporaryDirectory(label), KioskProcess.temporaryDirectory(label + "-second"))
        let first = try ServerProcess(dataDirectory: firstData, storage: storage)
        let second = try ServerProcess(dataDirectory: secondData, storage: storage)
        let admin = try KioskProcess.run(["serve", "--data-dir", secondData.path, "--print-admin-key"] + storage.arguments)
        return (storage, (firstData, first), (secondData, second), admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func file(_ path: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func client(_ url: URL, key: String, timeout: TimeAmount = .minutes(1)) -> Client {
        Client(serverURL: url, transport: AsyncHTTPClientTransport(configuration: .init(timeout: timeout)),
               middlewares: [BearerTokenMiddleware(token: key)])
    }
}

/// The same client on each server.
private struct Pair: Sendable {
    let survivor: Client
    let victim: Client
}

/// What one customer was told: the purchases and refunds the surviving server answered, and every
/// invoice the killed one answered before it died.
private struct Ledger: Sendable {
    let accountID: String
    var purchases: Set<String> = []
    var refunded: Set<String> = []
    var heardFromVictim: Set<String> = []
}

/// A server's answer other than success or 503 busy.
private struct Unexpected: Error, CustomStringConvertible {
    let description: String
}

/// Counts finished rounds and runs its action once when they reach the mark. Requests already
/// sent to the victim then meet its death; later ones go to the survivor only, as a client's
/// balancer stops sending to a server that stopped answering (the transport would otherwise
/// try to connect until its timeout).
private actor KillSwitch {
    private var remaining: Int
    private let action: @Sendable () -> Void
    private(set) var fired = false

    init(after rounds: Int, action: @escaping @Sendable () -> Void) {
        remaining = rounds
        self.action = action
    }

    func roundFinished() {
        remaining -= 1
        if remaining == 0 {
            action()
            fired = true
        }
    }
}

private struct Customer: Sendable {
    let id: String
    let apiKey: String
    let clockID: String
    let servers: Pair
    let admin: Pair

    /// A subscription, then each round a points purchase, every other round a refund of the last
    /// one, and the clock a month on: each request sent to both servers at once.
    func hammer(rounds: Int, victimState killSwitch: KillSwitch) async throws -> Ledger {
        var ledger = Ledger(accountID: id)
        _ = try await both(servers, killSwitch, into: &ledger) {
            try await Self.purchase($0, "enterprise.monthly", key: "subscribe")
        }
        var last = ""
        for round in 1...rounds {
            last = try await both(servers, killSwitch, into: &ledger) { try await Self.purchase($0, "points.500", key: "points-\(round)") }
            ledger.purchases.insert(last)
            if round.isMultiple(of: 2) {
                let original = last
                _ = try await both(servers, killSwitch, into: &ledger) { try await Self.refund($0, original) }
                ledger.refunded.insert(original)
            }
            let month = try #require(Calendar.utc.date(byAdding: .month, value: round, to: TwoServersOneDatabaseTests.start))
            _ = try await both(admin, killSwitch, into: &ledger, comparing: false) { [clockID] in
                try await Self.advance($0, clockID, to: month)
            }
            await killSwitch.roundFinished()
        }
        return ledger
    }

    /// Sends one request to both servers at once. The survivor is asked again while it answers
    /// 503 busy; the victim's answer, when it gives one before it dies, must be the survivor's
    /// (one key, one result) and is remembered.
    private func both(_ pair: Pair, _ killSwitch: KillSwitch, into ledger: inout Ledger, comparing: Bool = true,
                      _ request: @escaping @Sendable (Client) async throws -> String?) async throws -> String {
        let victimDown = await killSwitch.fired
        async let fromVictim = victimDown ? nil : Self.answer(of: pair.victim, request)
        var answer: String?
        for _ in 0..<20 where answer == nil { answer = try await request(pair.survivor) }
        let survivorAnswer = try #require(answer, "the surviving server stayed busy")
        if let victimAnswer = try await fromVictim, comparing {
            #expect(victimAnswer == survivorAnswer)
            ledger.heardFromVictim.insert(victimAnswer)
        }
        return survivorAnswer
    }

    /// The victim's answer; nil when it was busy or is gone (a refused or cut connection), which
    /// is what being killed looks like to a client.
    private static func answer(of victim: Client, _ request: @Sendable (Client) async throws -> String?) async throws -> String? {
        do {
            return try await request(victim)
        } catch let unexpected as Unexpected {
            throw unexpected
        } catch {
            return nil
        }
    }

    /// The purchase's invoice id; nil when busy.
    private static func purchase(_ client: Client, _ product: String, key: String) async throws -> String? {
        switch try await client.createPurchase(headers: .init(idempotencyKey: key), body: .json(.init(productId: product))) {
        case let .ok(ok):
            let result = try ok.body.json
            guard result.outcome == .purchased, let invoice = result.invoice else { throw Unexpected(description: "\(result)") }
            return invoice.id
        case let .default(status, response) where status != 503: throw Unexpected(description: "\(status) \(response)")
        case .default: return nil
        }
    }

    /// The refund's invoice id; nil when busy.
    private static func refund(_ client: Client, _ invoiceID: String) async throws -> String? {
        switch try await client.refundInvoice(path: .init(invoiceId: invoiceID),
                                              headers: .init(idempotencyKey: "refund-\(invoiceID)")) {
        case let .ok(ok): return try ok.body.json.refund.id
        case let .default(status, response) where status != 503: throw Unexpected(description: "\(status) \(response)")
        case .default: return nil
        }
    }

    /// The clock's id once it stands at `date`; nil when busy. Sent to both servers, the second to
    /// arrive finds the clock there already and moves nothing.
    private static func advance(_ admin: Client, _ clockID: String, to date: Date) async throws -> String? {
        switch try await admin.advanceTestClock(path: .init(clockId: clockID), body: .json(.init(to: date))) {
        case let .ok(ok): return try ok.body.json.clockId
        case let .default(status, response) where status != 503: throw Unexpected(description: "\(status) \(response)")
        case .default: return nil
        }
    }
}

private extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
