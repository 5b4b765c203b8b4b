import Foundation
import KioskAPI
import PaymentsCore

/// The plan's meters and the points wallet.
extension RemoteCalls {
    func usage(_ accountID: String) async throws -> [UsageMeter] {
        _ = try await ownAccount(accountID)
        let answer = try await server.call("reading your usage") { api in
            switch try await api.listUsage() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return answer.map(UsageMeter.init)
    }

    func pointsLedger(_ accountID: String, cursor: String?, limit: Int) async throws -> Page<PointsEntry> {
        let own = try await ownAccount(accountID)
        let page = try await server.call("reading your points") { api in
            switch try await api.listPoints(query: .init(limit: limit, cursor: cursor)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return Page(items: page.items.map { PointsEntry($0, accountID: own) }, nextCursor: page.nextCursor)
    }
}
