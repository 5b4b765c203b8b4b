import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore

/// The storefront's calls as requests to a `kiosk serve`, answered in core values.
///
/// Customer calls act for the session's account: an account id other than it answers as the
/// server does for another customer's ids, "no account", rather than reaching anyone else's data.
struct RemoteCalls: Sendable {
    let server: RemoteServer

    var serverName: String { server.url.absoluteString }

    /// `/v1/customer`: the account and the store clock's now for it.
    func customer() async throws -> (account: Account, now: Date) {
        let info = try await server.call("reading your account") { api in
            switch try await api.getCustomer() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return (try mapped("reading your account") { try Account(info.account) }, info.requestDate)
    }

    func signedInAccount() async throws -> Account { try await customer().account }

    /// The id the session acts as, checked against the one a screen asks about.
    func ownAccount(_ accountID: String) async throws -> String {
        let own = try await server.session.accountID { try await signedInAccount() }
        guard own == accountID else { throw PaymentsError.accountNotFound(accountID) }
        return own
    }

    func accounts() async throws -> [Account] {
        let current = try await signedInAccount()
        return [current] + (await server.session.createdAccounts).filter { $0.id != current.id }
    }

    func signIn(_ accountID: String) async throws {
        _ = try await server.session.accountID { try await signedInAccount() }
        guard await server.session.signIn(accountID) else {
            throw RemoteUnavailableCall("Signing in to \(accountID) needs that account's API key: this storefront is "
                + "connected to \(serverName) with the key in KIOSK_TOKEN; start it with the other account's key.")
        }
    }

    func signOut() async throws {
        throw RemoteUnavailableCall("A storefront connected to \(serverName) stays signed in as the account of its "
            + "KIOSK_TOKEN; quit and start it with another key to change account.")
    }

    /// Creates the account with the admin key, then keeps its key so the storefront can sign in to it.
    func createAccount(_ new: NewAccount) async throws -> Account {
        let created = try await server.adminCall("creating an account") { api in
            switch try await api.createAccount(body: .json(.init(name: new.name, email: new.email))) {
            case let .created(answer): return try answer.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        let info = try await server.call("reading the new account", token: created.apiKey) { api in
            switch try await api.getCustomer() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        let account = try mapped("reading the new account") { try Account(info.account) }
        await server.session.remember(account, token: created.apiKey)
        return account
    }

    /// The signed-in customer's own email: the key names the account.
    func changeEmail(_ accountID: String, to email: String) async throws -> Account {
        _ = try await ownAccount(accountID)
        let answer = try await server.call("changing the email") { api in
            switch try await api.changeCustomerEmail(body: .json(.init(email: email))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the account") { try Account(answer) }
    }

    func now(_ accountID: String) async throws -> Date {
        _ = try await ownAccount(accountID)
        return try await customer().now
    }

    /// The catalog file the server serves, loaded as the storefront loads its own.
    func catalog() async throws -> Catalog {
        let yaml = try await server.call("reading the catalog") { api in
            switch try await api.getCatalog() {
            case let .ok(ok): return try await String(collecting: try ok.body.yaml, upTo: 4 << 20)
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        switch CatalogLoader.load(yaml: yaml, file: "\(serverName)/v1/catalog") {
        case let .success(catalog): return catalog
        case let .failure(errors):
            throw RemoteCallFailure(server: serverName, operation: "reading the catalog",
                                    reason: .unreadableAnswer(String(describing: errors)))
        }
    }

    func isEligibleForIntroOffer(_ accountID: String) async throws -> Bool {
        _ = try await ownAccount(accountID)
        return try await server.call("checking intro offer eligibility") { api in
            switch try await api.getIntroEligibility() {
            case let .ok(ok): return try ok.body.json.eligible
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    func subscriptions(_ accountID: String) async throws -> [Subscription] {
        let own = try await ownAccount(accountID)
        let answer = try await server.call("reading your subscriptions") { api in
            switch try await api.listSubscriptions() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading your subscriptions") { try answer.map { try Subscription($0, accountID: own) } }
    }

    func entitlements(_ accountID: String) async throws -> [Entitlement] {
        _ = try await ownAccount(accountID)
        let answer = try await server.call("reading your access") { api in
            switch try await api.listEntitlements() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading your access") { try answer.map(Entitlement.init) }
    }

    /// Maps an answer to core values; a value the core cannot hold is an unreadable answer.
    func mapped<Value>(_ what: String, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let failure as RemoteMappingFailure {
            throw RemoteCallFailure(server: serverName, operation: what, reason: .unreadableAnswer(failure.description))
        }
    }
}

/// An answer of the server that fits the contract's schema but not the core's values (an
/// unknown currency or event type): a newer server than this storefront.
struct RemoteMappingFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
