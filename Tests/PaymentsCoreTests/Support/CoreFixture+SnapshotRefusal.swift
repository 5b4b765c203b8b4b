import Testing
@testable import PaymentsCore

extension CoreFixture {
    /// Restores `name` expecting it refused, naming it and saying `text`, with the store as it was
    /// (`accounts` read before) and its books still holding.
    func expectSnapshotRefused(_ name: String, because text: String, unchanged accounts: [Account]) async throws {
        do {
            try await service.restoreSnapshot(named: name)
            Issue.record("snapshot \(name) was restored")
        } catch let PaymentsError.snapshotRejected(rejected, reason) {
            #expect(rejected == name)
            #expect(reason.contains(text), "\(reason)")
            #expect(PaymentsError.snapshotRejected(name: rejected, reason: reason).userMessage.contains("The store is unchanged"))
        }
        #expect(try await service.accounts() == accounts)
        #expect(try await invariants() == [])
    }
}
