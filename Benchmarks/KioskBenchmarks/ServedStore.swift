import AsyncHTTPClient
import Foundation
import Hummingbird
import KioskServer
import Logging
import NIOCore
import NIOHTTP1
import PaymentsCore
import Simulators

/// `kiosk serve` over a benchmark store and a bare Hummingbird server beside it, both on free
/// loopback ports, and one HTTP client keeping four connections to each.
final class ServedStore: Sendable {
    static let connections = 4

    private let store: BenchmarkStore
    private let rows: CapturedRowsWriter
    private let client: HTTPClient
    private let kiosk: URL
    private let bare: URL
    private let customerKey: String
    private let keys = KeyCounter()
    private let tasks: [Task<Void, any Error>]

    private init(store: BenchmarkStore, rows: CapturedRowsWriter, client: HTTPClient, kiosk: URL, bare: URL,
                 customerKey: String, tasks: [Task<Void, any Error>]) {
        self.store = store
        self.rows = rows
        self.client = client
        self.kiosk = kiosk
        self.bare = bare
        self.customerKey = customerKey
        self.tasks = tasks
    }

    static func start() async throws -> ServedStore {
        let (store, accountID) = try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: "served", frozenAt: BenchmarkCatalog.start)
            return try await BenchmarkStore.account("served", on: clock.id, in: service).id
        }
        let customerKey = try await store.service.issueAPIKey(accountID: accountID)
        var generator = SystemRandomNumberGenerator()
        let adminKey = try AdminKey.loadOrCreate(in: store.directory.url, using: &generator)
        let logger = { var logger = Logger(label: "kiosk.bench"); logger.logLevel = .critical; return logger }()
        let server = KioskServer(service: store.service, appStore: SimulatedAppStore(beside: store.service), adminKey: adminKey, host: "127.0.0.1", port: 0, logger: logger)
        let (kioskPort, kioskTask) = try await listen { ready in try await server.run(onListening: ready) }

        // The bare route inserts exactly the rows a keyed purchase inserts, captured from one.
        let rows = try await keyedPurchaseRows()
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let kiosk = URL(string: "http://127.0.0.1:\(kioskPort)")!
        let customerBytes = try await LoopbackRequest.send(client, .GET, kiosk.appendingPathComponent("v1/customer"), key: customerKey)
        let router = Router()
        router.post("bare/purchase") { _, _ -> Response in
            try await rows.commitOneAsync()
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: #"{"outcome":"purchased"}"#)))
        }
        router.get("bare/customer") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: .init(byteBuffer: ByteBuffer(bytes: customerBytes)))
        }
        let (barePorts, bareListening) = AsyncStream.makeStream(of: Int.self)
        let bareServer = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                     onServerRunning: { bareListening.yield($0.localAddress?.port ?? 0); bareListening.finish() },
                                     logger: logger)
        let (barePort, bareTask) = try await firstPort(barePorts, of: Task { try await bareServer.run() })
        return ServedStore(store: store, rows: rows, client: client, kiosk: kiosk,
                           bare: URL(string: "http://127.0.0.1:\(barePort)")!, customerKey: customerKey,
                           tasks: [kioskTask, bareTask])
    }

    /// One request on every connection at once.
    func onEveryConnection(_ request: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.connections { group.addTask(operation: request) }
            try await group.waitForAll()
        }
    }

    func purchase() async throws {
        let body = #"{"product_id":"\#(BenchmarkCatalog.points)"}"#
        _ = try await LoopbackRequest.send(client, .POST, kiosk.appendingPathComponent("v1/purchases"), key: customerKey,
                                body: body, idempotencyKey: "served-\(keys.next())")
    }

    func barePurchase() async throws {
        _ = try await LoopbackRequest.send(client, .POST, bare.appendingPathComponent("bare/purchase"), key: customerKey,
                                body: #"{"product_id":"\#(BenchmarkCatalog.points)"}"#, idempotencyKey: "bare-\(keys.next())")
    }

    func customerInfo() async throws {
        _ = try await LoopbackRequest.send(client, .GET, kiosk.appendingPathComponent("v1/customer"), key: customerKey)
    }

    func bareCustomerInfo() async throws {
        _ = try await LoopbackRequest.send(client, .GET, bare.appendingPathComponent("bare/customer"), key: customerKey)
    }

    func stop() async {
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.result }
        try? await client.shutdown()
        rows.remove()
        store.remove()
    }

    private static func keyedPurchaseRows() async throws -> CapturedRowsWriter {
        let (store, accountID) = try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: "served-baseline", frozenAt: BenchmarkCatalog.start)
            return try await BenchmarkStore.account("served-baseline", on: clock.id, in: service).id
        }
        try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service, idempotencyKey: "first")
        return try await CapturedRowsWriter.capture(in: store) {
            try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service, idempotencyKey: "captured")
        }
    }

    /// Starts a server task and waits for its port.
    private static func listen(
        _ run: @escaping @Sendable (_ ready: @escaping @Sendable (Int) async -> Void) async throws -> Void
    ) async throws -> (port: Int, task: Task<Void, any Error>) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        return try await firstPort(ports, of: Task { try await run { port in continuation.yield(port); continuation.finish() } })
    }

    /// The port a starting server reports, or an error if it stops first.
    private static func firstPort(_ ports: AsyncStream<Int>, of task: Task<Void, any Error>) async throws
        -> (port: Int, task: Task<Void, any Error>) {
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw BenchmarkSetupError.invalidFixture("a server did not start")
        }
        return (port, task)
    }
}
