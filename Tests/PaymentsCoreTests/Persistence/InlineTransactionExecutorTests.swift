import Foundation
@testable import PaymentsCore
import Testing

/// The async rules run where GRDB gave the transaction: on the calling thread, inside the
/// calling dispatch queue's block, with their result or error handed back.
@Suite struct InlineTransactionExecutorTests {
    private static let marker = DispatchSpecificKey<String>()

    private static func nested(_ depth: Int) async throws -> Int {
        depth == 0 ? 0 : try await nested(depth - 1) + 1
    }

    @Test func anAsyncBodyRunsOnTheCallersQueueAndAnswers() throws {
        let queue = DispatchQueue(label: "kiosk.test.writer")
        queue.setSpecific(key: Self.marker, value: "writer")
        let (seen, depth) = try queue.sync {
            try InlineTransactionExecutor.run {
                (DispatchQueue.getSpecific(key: Self.marker), try await Self.nested(50))
            }
        }
        #expect(seen == "writer")
        #expect(depth == 50)
    }

    @Test func aBodysErrorReachesTheCaller() {
        #expect(throws: PaymentsError.accountNotFound("acct_x")) {
            try InlineTransactionExecutor.run { () async throws -> Int in throw PaymentsError.accountNotFound("acct_x") }
        }
    }
}
