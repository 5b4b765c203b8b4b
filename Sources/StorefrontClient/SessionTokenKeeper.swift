import Foundation
import PaymentsCore
import Synchronization

/// Where the in-process storefront keeps its session token: a file in the data directory for
/// `kiosk run` (the next run opens signed in), memory for QA runs and tests.
public struct SessionTokenKeeper: Sendable {
    public var load: @Sendable () throws -> String?
    public var save: @Sendable (String?) throws -> Void

    public init(load: @escaping @Sendable () throws -> String?, save: @escaping @Sendable (String?) throws -> Void) {
        self.load = load
        self.save = save
    }

    public static func file(_ file: SessionTokenFile) -> SessionTokenKeeper {
        SessionTokenKeeper(load: { try file.load() }, save: { try file.save($0) })
    }

    /// The account this terminal is signed in as; a token the store no longer knows (closed by
    /// another terminal, or gone with a restored snapshot) is forgotten.
    public func account(on service: any PaymentsService) async throws -> Account? {
        guard let token = try load() else { return nil }
        guard let account = try await service.sessionAccount(token) else {
            try save(nil)
            return nil
        }
        return account
    }

    /// Signs this terminal in as `accountID`, ending its previous session.
    public func signIn(_ accountID: String, on service: any PaymentsService) async throws {
        let previous = try load()
        try save(try await service.openSession(accountID: accountID))
        if let previous { try await service.closeSession(previous) }
    }

    public func signOut(on service: any PaymentsService) async throws {
        guard let token = try load() else { return }
        try await service.closeSession(token)
        try save(nil)
    }

    public static func inMemory() -> SessionTokenKeeper {
        let token = TokenBox()
        return SessionTokenKeeper(load: { token.value.withLock { $0 } }, save: { new in token.value.withLock { $0 = new } })
    }
}

private final class TokenBox: Sendable {
    let value = Mutex<String?>(nil)
}
