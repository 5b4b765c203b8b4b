import Foundation
import Testing
@testable import PaymentsCore

/// Due work runs from the scheduler (`runDueWork`) and before changes, never because someone looked.
@Suite struct DueWorkTests {
    /// A yearly subscription whose renewal fell due a day ago and has not run yet, with the feed
    /// position taken before the clock moved (so no read after it can have caught up first).
    func storeWithARenewalDue() async throws -> (CoreFixture, Account, position: Int64) {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        let position = try await store.service.feedPosition(accountID: nil)
        store.moveClock(days: 366)
        return (store, ada, position)
    }

    func invoiceCount(_ store: CoreFixture, _ account: Account) async throws -> Int {
        try await store.service.invoices(accountID: account.id, query: InvoiceQuery(limit: 100)).items.count
    }

    @Test func readsWithDueWorkPendingWriteNothingAndTheSchedulersRunRenews() async throws {
        let (store, ada, position) = try await storeWithARenewalDue()
        let service = store.service
        #expect(try await service.feedPosition(accountID: nil) == position)
        let invoices = try await invoiceCount(store, ada)
        #expect(invoices == 1)
        let subscription = try await store.subscription(ada)

        _ = try await service.entitlements(accountID: ada.id)
        _ = try await service.usage(accountID: ada.id)
        _ = try await service.currentPlan(accountID: ada.id)
        _ = try await service.customerInfo(accountID: ada.id)
        _ = try await service.subscriptions(accountID: ada.id)
        _ = try await service.previewPlanChange(subscriptionID: subscription.id, toProductID: "max.yearly")
        _ = try await service.invoices(accountID: ada.id, query: InvoiceQuery())
        _ = try await service.notifications(accountID: ada.id, after: nil)
        _ = try await service.transactions(accountID: ada.id, limit: 10)
        _ = try await service.appStore.renewalInfo(accountID: ada.id)
        _ = try await service.checkInvariants()

        #expect(try await service.feedPosition(accountID: nil) == position)
        #expect(try await invoiceCount(store, ada) == invoices)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2027-01-01T00:00:00Z"))

        try await service.runDueWork()
        #expect(try await service.feedPosition(accountID: nil) > position)
        #expect(try await invoiceCount(store, ada) == invoices + 1)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }

    /// A purchase decides from the subscription's state, so it brings due work up to date first.
    @Test func aChangeRunsWhatFellDueBeforeActing() async throws {
        let (store, ada, _) = try await storeWithARenewalDue()
        _ = try await store.buy(ada, "themes")
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
    }

    /// A tick before anything is due changes nothing: the feed does not move and the renewal a
    /// day away is not run early.
    @Test func runningDueWorkWithNothingDueChangesNothing() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        let position = try await store.service.feedPosition(accountID: nil)
        store.moveClock(days: 364)
        try await store.service.runDueWork()
        #expect(try await store.service.feedPosition(accountID: nil) == position)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2027-01-01T00:00:00Z"))
    }

    /// A tick says what it did: it runs what fell due once, then finds nothing due.
    @Test func aSchedulersTickRunsWhatFellDueOnce() async throws {
        let (store, ada, _) = try await storeWithARenewalDue()
        #expect(try await store.service.runScheduledDueWork() == .ran)
        #expect(try await store.service.runScheduledDueWork() == .nothingDue)
        #expect(try await invoiceCount(store, ada) == 2)
    }

    /// Two servers of one PostgreSQL store tick together: while one runs the due work, the
    /// other's tick leaves it alone instead of running the same renewals beside it (one of the two
    /// would be rolled back); afterwards its next tick finds its turn again.
    @Test(.enabled(if: CoreTestStorage.onPostgres, "one SQLite writer at a time: ticks cannot overlap"))
    func aTickLeavesTheDueWorkToTheServerRunningIt() async throws {
        let (store, ada, _) = try await storeWithARenewalDue()
        let other = try await store.reopen()
        let (taken, tookTurn) = AsyncStream<Void>.makeStream()
        let (finish, release) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await other.storage.write { transaction in
                _ = try await transaction.fetchOne(Bool.self, StoreSQL(
                    "SELECT pg_try_advisory_xact_lock(\(StoreAdvisoryLock.schedulersTurn.key))"))
                tookTurn.yield()
                for await _ in finish { break }
            }
        }
        var turns = taken.makeAsyncIterator()
        await turns.next()
        #expect(try await store.service.runScheduledDueWork() == .anotherServersTurn)
        #expect(try await invoiceCount(store, ada) == 1, "renewed beside the server whose turn it was")

        release.yield()
        try await running.value
        #expect(try await store.service.runScheduledDueWork() == .ran)
        #expect(try await invoiceCount(store, ada) == 2)
    }

    /// The scheduler shared by `kiosk serve` and `kiosk run` renews through `runScheduledDueWork`.
    @Test func theSchedulerRenewsWhatFellDue() async throws {
        let (store, ada, _) = try await storeWithARenewalDue()
        let scheduler = DueWorkScheduler(service: store.service, failed: { Issue.record("due work failed: \($0)") },
                                         pause: { _ in throw CancellationError() })
        await scheduler.run()
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
    }
}
