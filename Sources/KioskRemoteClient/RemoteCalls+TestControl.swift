import Foundation
import KioskAPI
import PaymentsCore

/// The QA panel's calls: the test-control API with the admin key (without it each says so).
extension RemoteCalls {
    func storeControls() async throws -> StoreControls {
        let answer = try await server.adminCall("reading the store controls") { api in
            switch try await api.getStoreControls() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the store controls") { try StoreControls(answer) }
    }

    func updateStoreControls(_ controls: StoreControls) async throws {
        let body = try mapped("changing the store controls") { try Components.Schemas.StoreControls(controls) }
        _ = try await server.adminCall("changing the store controls") { api in
            switch try await api.putStoreControls(body: .json(body)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    func pendingActions(_ accountID: String?) async throws -> [PendingAction] {
        let answer = try await server.adminCall("reading the pending actions") { api in
            switch try await api.listPendingActions(query: .init(accountId: accountID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the pending actions") { try answer.map(PendingAction.init) }
    }

    func declinePurchase(_ pendingID: String) async throws {
        try await server.adminCall("declining the purchase request") { api in
            switch try await api.declinePendingPurchase(path: .init(pendingActionId: pendingID)) {
            case .noContent: return
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    func answerPriceIncrease(_ pendingID: String, accept: Bool) async throws -> Subscription {
        let own = try await server.session.accountID { try await signedInAccount() }
        let answer = try await server.call("answering the price increase") { api in
            switch try await api.answerPriceIncrease(path: .init(pendingActionId: pendingID), body: .json(.init(accept: accept))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("answering the price increase") { try Subscription(answer, accountID: own) }
    }

    func testClock(_ clockID: String) async throws -> TestClock {
        let answer = try await server.adminCall("reading test clock \(clockID)") { api in
            switch try await api.getTestClock(path: .init(clockId: clockID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return TestClock(answer)
    }

    func advanceTestClock(_ clockID: String, to date: Date) async throws -> ClockAdvanceReport {
        let answer = try await server.adminCall("advancing test clock \(clockID)") { api in
            switch try await api.advanceTestClock(path: .init(clockId: clockID), body: .json(.init(to: date))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return ClockAdvanceReport(answer)
    }

    func attachNewTestClock(_ accountID: String, name: String) async throws -> TestClock {
        let answer = try await server.adminCall("putting the account on a new test clock") { api in
            switch try await api.attachNewTestClock(path: .init(accountId: accountID), body: .json(.init(name: name))) {
            case let .created(created): return try created.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return TestClock(answer)
    }

    func detachTestClock(_ accountID: String) async throws -> Account {
        let answer = try await server.adminCall("returning the account to real time") { api in
            switch try await api.detachTestClock(path: .init(accountId: accountID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("returning the account to real time") { try Account(answer) }
    }
}
