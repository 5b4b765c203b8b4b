import Foundation
import GRDB
@testable import PaymentsCore
import Synchronization
import Testing

/// Sign-in is each terminal's own session, not one row of the store: two terminals on one store
/// can be different customers, and the store keeps only hashes of their tokens.
@Suite struct SessionTests {
    @Test func twoSessionsOnOneStoreAreDifferentCustomersAndCloseApart() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let bob = try await store.account("bob")
        let adas = try await store.service.openSession(accountID: ada.id)
        let bobs = try await store.service.openSession(accountID: bob.id)
        #expect(adas != bobs)
        #expect(try await store.service.sessionAccount(adas)?.id == ada.id)
        #expect(try await store.service.sessionAccount(bobs)?.id == bob.id)

        try await store.service.closeSession(adas)
        #expect(try await store.service.sessionAccount(adas) == nil)
        #expect(try await store.service.sessionAccount(bobs)?.id == bob.id)
        try await store.service.closeSession(adas)  // closing twice changes nothing
    }

    @Test func theStoreKeepsOnlyTheTokensHash() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let token = try await store.service.openSession(accountID: ada.id)
        let stored = try await store.service.storage.read { db in
            try await db.fetchAll(String.self, "SELECT token_hash || ' ' || account_id FROM sessions")
        }
        #expect(stored == ["\(SecretDigest.hex(token)) \(ada.id)"])
        #expect(!stored[0].contains(token))
    }

    @Test func unknownMalformedAndOversizedTokensAreNoOnesSession() async throws {
        let store = try await CoreFixture()
        _ = try await store.account()
        #expect(try await store.service.sessionAccount("kiosk_session_notissued") == nil)
        #expect(try await store.service.sessionAccount("kiosk_sk_someapikey") == nil)
        #expect(try await store.service.sessionAccount(String(repeating: "kiosk_session_", count: 20)) == nil)
        await #expect(throws: PaymentsError.accountNotFound("acct_999999")) {
            _ = try await store.service.openSession(accountID: "acct_999999")
        }
    }

    @Test func aSignInKeptByAnOlderKioskBecomesASessionOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await legacySignIn(ada.id, in: store)

        let kept = Kept()
        let token = try #require(try await store.service.adoptLegacySignIn(save: { kept.token = $0 }))
        #expect(kept.token == token)
        #expect(try await store.service.sessionAccount(token)?.id == ada.id)
        #expect(try await store.service.adoptLegacySignIn(save: { _ in Issue.record("adopted twice") }) == nil)
    }

    /// Issue 37: a terminal without a session file looks for an older sign-in at every start; with
    /// none, it reads and writes nothing, so it starts while another process holds the write lock
    /// (before, it waited out the busy timeout and failed).
    @Test(CoreTestStorage.sqliteFiles) func withoutAnOlderSignInAdoptingTakesNoWriteLock() async throws {
        let store = try await CoreFixture()
        _ = try await store.account()
        let path = try #require(store.service.storage as? SQLiteStorage).database.path
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock is held across accesses
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try await other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }

        let adopted = await #expect(throws: Never.self) {
            try await store.service.adoptLegacySignIn(save: { _ in Issue.record("nothing to adopt") })
        }
        #expect(adopted == nil)
        try await other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }

    @Test func aSignInThatCannotBeKeptStaysInTheStore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await legacySignIn(ada.id, in: store)
        await #expect(throws: PaymentsError.storage("disk full")) {
            _ = try await store.service.adoptLegacySignIn(save: { _ in throw PaymentsError.storage("disk full") })
        }
        let kept = Kept()
        let token = try #require(try await store.service.adoptLegacySignIn(save: { kept.token = $0 }))
        #expect(try await store.service.sessionAccount(token)?.id == ada.id)
    }

    @Test(CoreTestStorage.sqliteFiles) func aSnapshotRestoreKeepsTheSessionsWhoseAccountsItHas() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        try await store.service.saveSnapshot(named: "before-bob")
        let bob = try await store.account("bob")
        let adas = try await store.service.openSession(accountID: ada.id)
        let bobs = try await store.service.openSession(accountID: bob.id)

        try await store.service.restoreSnapshot(named: "before-bob")
        #expect(try await store.service.sessionAccount(adas)?.id == ada.id)
        #expect(try await store.service.sessionAccount(bobs) == nil)
        #expect(try await store.service.accounts().map(\.id) == [ada.id])
        #expect(try await store.invariants() == [])
    }

    @Test func theSessionFileIsOwnerOnlyAndRefusesWhatIsNotAToken() throws {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-session-\(UUID().uuidString)"))
        try directory.create()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let file = SessionTokenFile(directory)
        #expect(try file.load() == nil)
        var generator = SystemRandomNumberGenerator()
        let token = SessionToken.generate(using: &generator)
        try file.save(token)
        #expect(try file.load() == token)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
        try file.save(nil)
        #expect(try file.load() == nil)

        try Data("not a token\n".utf8).write(to: file.url)
        #expect(throws: PaymentsError.storage(
            "\(file.url.path) does not hold a Kiosk session token: remove it and sign in again")) { try file.load() }
    }

    private func legacySignIn(_ accountID: String, in store: CoreFixture) async throws {
        try await store.service.storage.write { db in
            try await db.execute("INSERT INTO meta(key, value) VALUES ('signed_in', ?)", [accountID])
        }
    }
}

private final class Kept: Sendable {
    private let value = Mutex<String?>(nil)
    var token: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
