import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A thousand terminals following the change feed (`GET /v1/events/stream`, one keep-alive
/// connection each) on a real `kiosk serve`, and a separate connection on which the first
/// customer buys. The terminals belong to `customers` customers, round robin: with one, every
/// terminal must hear each purchase; with many, only the buyer's may.
final class FeedFanOut: Sendable {
    static let clients = 1_000

    let server: ServeProcess
    private let streams: HTTPClient
    private let buyer: HTTPClient
    private let tally: FeedTally
    /// Events heard by terminals of customers who bought nothing: must stay 0.
    private let strays: StrayEvents
    private let readers: Task<Void, Never>
    private let keys = KeyCounter()

    private init(server: ServeProcess, streams: HTTPClient, buyer: HTTPClient, tally: FeedTally, strays: StrayEvents,
                 readers: Task<Void, Never>) {
        self.server = server
        self.streams = streams
        self.buyer = buyer
        self.tally = tally
        self.strays = strays
        self.readers = readers
    }

    static func start(customers: Int) async throws -> FeedFanOut {
        let server = try ServeProcess.start()
        let buyer = HTTPClient(eventLoopGroupProvider: .singleton)
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(600), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)
        let streams = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            _ = try await send(buyer, .POST, "v1/payment-methods", on: server, key: server.customerKey,
                               body: #"{"number":"4242424242424242","exp_month":12,"exp_year":2035,"cvc":"123"}"#)
            var customerKeys = [server.customerKey]
            struct Created: Decodable { let api_key: String }
            for index in 1..<max(customers, 1) {
                let created = try await send(buyer, .POST, "v1/admin/accounts", on: server, key: server.adminKey,
                                             body: #"{"email":"fan\#(index)@bench.kiosk.test","name":"Fan \#(index)"}"#)
                customerKeys.append(try JSONDecoder().decode(Created.self, from: Data(created)).api_key)
            }
            // Each terminal follows from where its customer's feed ends now (account creation is news).
            var starts: [Int64] = []
            for key in customerKeys { starts.append(try await position(buyer, on: server, key: key)) }
            let listeners = (0..<clients).filter { $0 % customerKeys.count == 0 }
            let tally = FeedTally(clients: listeners.count, at: starts[0])
            let strays = StrayEvents()
            let readers = Task { [customerKeys, starts] in
                await withTaskGroup(of: Void.self) { group in
                    for client in 0..<clients {
                        let (key, start) = (customerKeys[client % customerKeys.count], starts[client % customerKeys.count])
                        let listener = client % customerKeys.count == 0 ? client / customerKeys.count : nil
                        group.addTask {
                            await follow(from: start, on: server, key: key, with: streams) { position in
                                if let listener {
                                    tally.read(listener, upTo: position)
                                } else {
                                    strays.add()
                                }
                            } connected: { tally.connect() }
                        }
                    }
                }
            }
            // Every stream must be open before the first purchase, or the fan-out is measured short.
            while tally.connected < clients {
                try await Task.sleep(for: .milliseconds(50))
            }
            return FeedFanOut(server: server, streams: streams, buyer: buyer, tally: tally, strays: strays, readers: readers)
        } catch {
            try? await streams.shutdown()
            try? await buyer.shutdown()
            server.stop()
            throw error
        }
    }

    /// One purchase, then the wait until every terminal of the buyer has read the feed up to the
    /// purchase's last event.
    func purchaseReachingEveryListener() async throws {
        _ = try await Self.send(buyer, .POST, "v1/purchases", on: server, key: server.customerKey,
                                body: #"{"product_id":"points.500"}"#, idempotencyKey: "fanout-\(keys.next())")
        let end = try await Self.position(buyer, on: server, key: server.customerKey)
        await tally.everyClient(reaches: end)
        let strays = self.strays.count
        guard strays == 0 else {
            throw BenchmarkSetupError.invalidFixture("\(strays) events reached terminals of customers who bought nothing")
        }
    }

    func stop() async {
        readers.cancel()
        server.stop()
        _ = await readers.value
        try? await streams.shutdown()
        try? await buyer.shutdown()
    }

    /// Reads one stream for as long as it lasts, reporting each SSE `id:` line (a feed position).
    private static func follow(from start: Int64, on server: ServeProcess, key: String, with http: HTTPClient,
                               heard: @Sendable (Int64) -> Void, connected: @Sendable () -> Void) async {
        do {
            var request = HTTPClientRequest(url: server.url.appendingPathComponent("v1/events/stream").absoluteString + "?after=\(start)")
            request.headers.add(name: "Authorization", value: "Bearer \(key)")
            let response = try await http.execute(request, timeout: .hours(24))
            guard response.status == .ok else {
                FileHandle.standardError.write(Data("feed client: \(response.status)\n".utf8))
                return
            }
            connected()
            var line: [UInt8] = []
            for try await chunk in response.body {
                for byte in chunk.readableBytesView {
                    guard byte == UInt8(ascii: "\n") else { line.append(byte); continue }
                    if line.starts(with: "id: ".utf8), let position = Int64(String(decoding: line.dropFirst(4), as: UTF8.self)) {
                        heard(position)
                    }
                    line.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            if !Task.isCancelled { FileHandle.standardError.write(Data("feed client: \(error)\n".utf8)) }
        }
    }

    private static func position(_ http: HTTPClient, on server: ServeProcess, key: String) async throws -> Int64 {
        struct Position: Decodable { let position: Int64 }
        let answer = try await send(http, .GET, "v1/events/position", on: server, key: key)
        return try JSONDecoder().decode(Position.self, from: Data(answer)).position
    }

    private static func send(_ http: HTTPClient, _ method: HTTPMethod, _ path: String, on server: ServeProcess, key: String,
                             body: String? = nil, idempotencyKey: String? = nil) async throws -> [UInt8] {
        try await LoopbackRequest.send(http, method, server.url.appendingPathComponent(path), key: key, body: body,
                                       idempotencyKey: idempotencyKey)
    }
}

