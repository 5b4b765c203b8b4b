import Foundation
import KioskAPI
import PaymentsCore

/// The change feed over `/v1/events`: the server scopes it to the session's customer, so the
/// QA panel's "all accounts" view shows that customer's events too.
extension RemoteCalls {
    func events(_ accountID: String?, after: Int64?, limit: Int) async throws -> [StoreEvent] {
        let own = try await accountIDOrOwn(accountID)
        let page = try await server.feedCall("reading the change feed") { api in
            switch try await api.listEvents(query: .init(after: after, limit: limit)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the change feed") { try page.items.map { try StoreEvent($0, accountID: own) } }
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

    private func accountIDOrOwn(_ accountID: String?) async throws -> String {
        if let accountID { return try await ownAccount(accountID) }
        return try await server.session.accountID { try await signedInAccount() }
    }
}
