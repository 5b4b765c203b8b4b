import Foundation

extension AccountRules {
    /// Puts an account that lives in real time on a new test clock frozen at the current real
    /// time. Unlike attaching to an existing clock, this is safe with purchases: the clock starts
    /// where the account's history ends, so nothing it already did lies in the clock's future.
    func attachNewTestClock(accountID: String, name: String) async throws -> TestClock {
        var account = try await account(accountID)
        if let clockID = account.testClockID { throw PaymentsError.accountOnTestClock(clockID: clockID) }
        let record = await TestClockRecord(id: try nextID(.testClock), name: name, frozenTime: systemNow.wholeSeconds,
                                     createdAt: systemNow)
        try await record.insert(into: store)
        account.testClockID = record.id
        try await account.update(in: store)
        try await moveSubscriptions(of: accountID, toClock: record.id)
        emit(.testClockAttached, account: accountID, at: record.frozenTime, detail: record.id)
        return record.testClock
    }

    /// Returns an account to real time, which is only possible while its clock is not ahead of
    /// real time (time never moves back for an account).
    func detachTestClock(accountID: String) async throws -> Account {
        var account = try await account(accountID)
        guard let clockID = account.testClockID else { throw PaymentsError.accountNotOnTestClock(accountID) }
        let clock = try await testClock(clockID)
        guard clock.frozenTime <= systemNow else { throw PaymentsError.clockAheadOfRealTime(clockTime: clock.frozenTime) }
        account.testClockID = nil
        try await account.update(in: store)
        try await moveSubscriptions(of: accountID, toClock: nil)
        emit(.testClockDetached, account: accountID, at: systemNow)
        return account.account
    }

    /// A subscription's due work runs on its account's clock (`subscriptions.clock_id`, which the
    /// scheduler and a clock's advance select by), so it follows the account to its new clock.
    private func moveSubscriptions(of accountID: String, toClock clockID: String?) async throws {
        try await store.execute("UPDATE subscriptions SET clock_id = ? WHERE account_id = ?", [clockID, accountID])
    }
}
