import Foundation
import PaymentsCore

/// The catalog, the store's accounts and who is signed in on this terminal.
public struct AccountsClient: Sendable {
    public var catalog: @Sendable () async throws -> Catalog = { throw UnstubbedCall("catalog") }
    public var accounts: @Sendable () async throws -> [Account] = { throw UnstubbedCall("accounts") }
    public var signedInAccount: @Sendable () async throws -> Account? = { throw UnstubbedCall("signedInAccount") }
    public var signIn: @Sendable (_ accountID: String) async throws -> Void = { _ in throw UnstubbedCall("signIn") }
    public var signOut: @Sendable () async throws -> Void = { throw UnstubbedCall("signOut") }
    public var createAccount: @Sendable (NewAccount) async throws -> Account = { _ in throw UnstubbedCall("createAccount") }
    /// A new email for the account's receipts (the first purchase of an SSH key's account asks).
    public var changeEmail: @Sendable (_ accountID: String, _ email: String) async throws -> Account = { _, _ in
        throw UnstubbedCall("changeEmail")
    }
    /// The account's clock: its test clock's time when it has one.
    public var now: @Sendable (_ accountID: String) async throws -> Date = { _ in throw UnstubbedCall("now") }
    public var isEligibleForIntroOffer: @Sendable (_ accountID: String) async throws -> Bool = { _ in
        throw UnstubbedCall("isEligibleForIntroOffer")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    /// Over `service`; who is signed in is this client's own session, its token kept by `session`.
    public static func live(_ service: any PaymentsService, session: SessionTokenKeeper) -> AccountsClient {
        var client = AccountsClient()
        client.catalog = { try await service.catalog() }
        client.accounts = { try await service.accounts() }
        client.signedInAccount = { try await session.account(on: service) }
        client.signIn = { try await session.signIn($0, on: service) }
        client.signOut = { try await session.signOut(on: service) }
        client.createAccount = { try await service.createAccount($0) }
        client.changeEmail = { try await service.changeEmail(accountID: $0, to: $1) }
        client.now = { try await service.now(for: $0) }
        client.isEligibleForIntroOffer = { try await service.isEligibleForIntroOffer(accountID: $0) }
        return client
    }
}
