import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Synchronization

/// The change feed over `/v1/events`, scoped by the server to the session's customer. The QA
/// panel's "all accounts" log reads `/v1/admin/events` with the admin key; without one it shows
/// the customer's own events, all a customer's key may read.
extension RemoteCalls {
    func events(_ accountID: String?, after: Int64?, limit: Int) async throws -> [StoreEvent] {
        if accountID == nil, server.hasAdminKey { return try await allEvents(after: after, limit: limit) }
        let own = try await accountIDOrOwn(accountID)
        let page = try await server.feedCall("reading the change feed") { api in
            switch try await api.listEvents(query: .init(after: after, limit: limit)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the change feed") { try page.items.map { try StoreEvent($0, accountID: own) } }
    }

    private func allEvents(after: Int64?, limit: Int) async throws -> [StoreEvent] {
        let page = try await server.adminCall("reading every account's events") { api in
            switch try await api.listAllEvents(query: .init(after: after, limit: limit)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading every account's events") {
            try page.items.map { try StoreEvent($0, accountID: $0.accountId) }
        }
    }

    func feedPosition(_ accountID: String?) async throws -> Int64 {
        _ = try await accountIDOrOwn(accountID)
        return try await server.feedCall("finding where the change feed ends") { api in
            switch try await api.getEventsPosition() {
            case let .ok(ok): return try ok.body.json.position
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    /// A signal for each event of the customer's feed after `after` (or after its end now), as the
    /// server's Server-Sent Events stream delivers it, so a terminal reads the feed at once instead
    /// of at its next poll. A broken stream is reopened from the last event heard, waiting longer
    /// after each failure in a row (up to 30 s); the polls go on meanwhile. Signing in to another
    /// account reopens it at once with that account's key, and signals, so the storefront reads
    /// the new account now. Ends when cancelled.
    func feedNews(after: Int64?) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let task = Task {
                let last = LastHeardEvent(after)
                var failures = 0
                while !Task.isCancelled {
                    let ending: FeedStreamEnding
                    do {
                        ending = try await listen(from: last, signalling: continuation)
                    } catch {
                        if Task.isCancelled { break }
                        ending = .failed
                    }
                    switch ending {
                    case .switchedAccount:
                        failures = 0
                        continuation.yield()
                        continue
                    case .failed:
                        failures += 1
                    case .closedByServer:
                        break
                    }
                    do {
                        try await Task.sleep(for: .seconds(min(30, 1 << min(failures, 5))))
                    } catch {
                        break
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// One opening of the stream, until the server ends it, it fails, or the session signs in to
    /// another account (watched from before it opens, so no switch slips through).
    private func listen(from last: LastHeardEvent,
                        signalling continuation: AsyncStream<Void>.Continuation) async throws -> FeedStreamEnding {
        let switches = await server.session.switches()
        let from: Int64
        if let known = last.position {
            from = known
        } else {
            from = try await feedPosition(nil)
        }
        last.position = from
        let stream: HTTPBody
        switch try await server.news.streamEvents(query: .init(after: from)) {
        case let .ok(ok): stream = try ok.body.textEventStream
        case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
        }
        return try await withThrowingTaskGroup(of: FeedStreamEnding.self) { group in
            group.addTask {
                for try await event in stream.asDecodedServerSentEvents() {
                    guard let id = event.id.flatMap({ Int64($0) }) else { continue }
                    last.position = id
                    continuation.yield()
                }
                return .closedByServer
            }
            group.addTask {
                for await _ in switches { return .switchedAccount }
                return .closedByServer
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .closedByServer
        }
    }

    private func accountIDOrOwn(_ accountID: String?) async throws -> String {
        if let accountID { return try await ownAccount(accountID) }
        return try await server.session.accountID { try await signedInAccount() }
    }
}

/// How one opening of the live feed ended.
private enum FeedStreamEnding {
    case closedByServer, failed, switchedAccount
}

/// The feed position of the last event the stream delivered, shared with the task reading it.
private final class LastHeardEvent: Sendable {
    private let value: Mutex<Int64?>

    init(_ position: Int64?) { value = Mutex(position) }

    var position: Int64? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
