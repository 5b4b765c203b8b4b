import KioskViewModels
import PaymentsCore
import StorefrontClient

/// A storefront needs someone to sell to. On a data directory with no account at all, `kiosk run`
/// creates the person's own local account, named after the login user, and signs it in, the way
/// a desktop app has a user from its first start. Once accounts exist, who is signed in is the
/// person's choice (Settings → Accounts), so nothing is created or switched behind their back.
enum FirstRunAccount {
    static func ensure(in service: any PaymentsService, session: SessionTokenKeeper,
                       environment: [String: String]) async throws {
        guard try await session.account(on: service) == nil, try await service.accounts().isEmpty else { return }
        let user = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "customer"
        let account = try await service.createAccount(NewAccount(email: "\(user)@kiosk.local", name: user))
        try await session.signIn(account.id, on: service)
    }
}
