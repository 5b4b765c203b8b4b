import Foundation
import KioskAPI
import KioskRemoteClient
import KioskViewModels
import PaymentsCore
import StorefrontClient
import Testing

/// The QA panel's "all accounts" log over the server: the admin key reads every customer's
/// events, each naming its account; a customer's key reads only its own.
@Suite struct AllAccountsEventsTests {
    @Test func theAdminLogPagesEveryAccountsEventsNamingEach() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.1000"))).ok.body.json

        let first = try await fixture.admin.listAllEvents(query: .init(limit: 3)).ok.body.json
        #expect(first.items.count == 3)
        let rest = try await fixture.admin.listAllEvents(query: .init(after: first.position, limit: 500)).ok.body.json
        let all = first.items + rest.items
        #expect(all.map(\.id) == all.map(\.id).sorted())
        let purchases = all.filter { $0._type == StoreEventType.purchaseCompleted.rawValue }
        #expect(purchases.map(\.accountId) == [ann.id, bob.id])
        #expect(purchases.map(\.productId) == ["points.500", "points.1000"])
        #expect(try await fixture.service.events(accountID: nil, after: nil, limit: 500).map(\.id) == all.map(\.id))

        let own = try await ann.client.listEvents(query: .init(limit: 500)).ok.body.json.items
        #expect(!own.isEmpty && own.allSatisfy { $0.accountId == ann.id })
        #expect(try await fixture.raw("GET", "/v1/admin/events?limit=0", key: fixture.adminKey.value).status == 400)
    }

    @Test func aRemoteQAPanelWithTheAdminKeyShowsEveryAccountWithoutItTheCustomersOwn() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json

        let withAdmin = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key,
                                                           adminKey: fixture.adminKey.value))
        let everyone = try await withAdmin.feed.events(nil, nil, 500)
        #expect(everyone.contains { $0.accountID == bob.id && $0.type == .purchaseCompleted })
        #expect(everyone.contains { $0.accountID == ann.id })
        #expect(everyone == (try await fixture.service.events(accountID: nil, after: nil, limit: 500)))

        let customerOnly = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key))
        let owns = try await customerOnly.feed.events(nil, nil, 500)
        #expect(!owns.isEmpty && owns.allSatisfy { $0.accountID == ann.id })
    }
}
