import Foundation
import PaymentsCore

/// Who the storefront acts as on the server: the token's customer, and the accounts created in
/// this session with the admin key (the server shows their keys once, so the storefront keeps
/// them to sign in to those accounts). Signing in swaps the token every later call sends.
actor RemoteSession {
    private(set) var currentToken: String
    private var currentAccountID: String?
    private var created: [(account: Account, token: String)] = []
    private var switchWatchers: [UUID: AsyncStream<Void>.Continuation] = [:]

    init(token: String) { currentToken = token }

    /// The id of the account the current token belongs to, read from the server once.
    func accountID(reading read: @Sendable () async throws -> Account) async throws -> String {
        if let currentAccountID { return currentAccountID }
        let id = try await read().id
        currentAccountID = id
        return id
    }

    var createdAccounts: [Account] { created.map(\.account) }

    func remember(_ account: Account, token: String) {
        created.append((account, token))
    }

    /// Switches to an account whose key this session holds; false when it holds none.
    func signIn(_ accountID: String) -> Bool {
        if currentAccountID == accountID { return true }
        guard let entry = created.first(where: { $0.account.id == accountID }) else { return false }
        currentToken = entry.token
        currentAccountID = accountID
        for watcher in switchWatchers.values { watcher.yield() }
        return true
    }

    /// One element each time the session signs in to another account, so a stream opened with
    /// the old token (the live feed) can be reopened with the new one. Ends when not listened to.
    func switches() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        switchWatchers[id] = continuation
        continuation.onTermination = { _ in Task { await self.stopWatching(id) } }
        return stream
    }

    private func stopWatching(_ id: UUID) {
        switchWatchers[id] = nil
    }
}
