import PaymentsCore
import Synchronization
import Foundation
import KioskAPI

/// One read and one encoding of a customer's new events for all of that customer's open streams.
///
/// A booth of terminals signed in as one customer wakes together when a purchase lands: without
/// sharing, each stream read the same rows and encoded the same frames (a thousand reads and two
/// thousand JSON encodings for one purchase). Pages are shared by (account, cursor) while they are
/// fresh: the signal forgets an account's pages before it announces that account's news, and
/// every page is dropped after the poll tick that follows its read.
final class FeedPages: Sendable {
    /// Frames ready to write, each with the feed position it carries as its SSE id.
    struct Page: Sendable {
        var frames: [(position: Int64, bytes: [UInt8])]
    }

    private struct Key: Hashable {
        var accountID: String
        var after: Int64
    }

    private struct Entry {
        var read: Task<Page, any Error>
        var tick: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var tick = 0
    }

    static let limit = 100

    private let service: any PaymentsService
    private let state = Mutex(State())

    init(service: any PaymentsService) {
        self.service = service
    }

    /// The account's events after `after` (at most `limit`), as frames.
    func page(accountID: String, after: Int64) async throws -> Page {
        let key = Key(accountID: accountID, after: after)
        let read = state.withLock { state -> Task<Page, any Error> in
            if let entry = state.entries[key] { return entry.read }
            let read = Task { [service] in
                let events = try await service.events(accountID: accountID, after: after, limit: Self.limit)
                return Page(frames: try events.map { ($0.id, try EventFrame.bytes($0)) })
            }
            state.entries[key] = Entry(read: read, tick: state.tick)
            return read
        }
        do {
            return try await read.value
        } catch {
            // A failed read is not shared with later callers: they try again.
            state.withLock { state in
                if state.entries[key]?.read == read { state.entries[key] = nil }
            }
            throw error
        }
    }

    /// Drops the pages of accounts whose feeds moved: a reader after this point reads anew.
    func forget(_ accounts: some Sequence<String>) {
        let accounts = Set(accounts)
        guard !accounts.isEmpty else { return }
        state.withLock { state in state.entries = state.entries.filter { !accounts.contains($0.key.accountID) } }
    }

    /// One poll tick passed: pages read before the previous tick go.
    func tick() {
        state.withLock { state in
            state.tick += 1
            let oldest = state.tick - 1
            state.entries = state.entries.filter { $0.value.tick >= oldest }
        }
    }

    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }
}

/// One change-feed event as a Server-Sent Events frame.
enum EventFrame {
    /// `id: N`, `event: TYPE`, `data: {json}`: JSON has no raw newlines, so one data line suffices.
    static func bytes(_ event: StoreEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Components.Schemas.Event(event))
        return Array("id: \(event.id)\nevent: \(event.type.rawValue)\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }
}
