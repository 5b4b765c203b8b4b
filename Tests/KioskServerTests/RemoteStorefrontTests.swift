import Foundation
import KioskAPI
import KioskRemoteClient
import KioskViewModels
import PaymentsCore
import StorefrontClient
import TestSupport
import Testing

/// The storefront's view models over `Storefront.remote`, against a real `KioskServer` on a
/// loopback port: what `kiosk run --server` does, without a terminal.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10))) struct RemoteStorefrontTests {
    func storefront(_ fixture: ServerFixture, token: String, session: String,
                    transport: PluggableTransport = PluggableTransport()) -> Store<AppFeature> {
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: token, transport: transport))
        return Store(initialState: AppState(sessionID: session),
                     reducer: AppFeature(storefront: client, clock: fixture.clock, files: .failing))
    }

    func pay(_ store: Store<AppFeature>, for productID: String, card: String = "4242424242424242") async {
        await store.send(.paywall(.selectPackage(productID: productID))).value
        await store.send(.paywall(.continueTapped)).value
        for action: CheckoutAction in [.selectPayment(.newCard), .cardNumberChanged(card),
                                       .cardExpiryChanged("12/30"), .cardCVCChanged("123"), .cardPostalCodeChanged("94107")] {
            await store.send(.checkout(action)).value
        }
        await store.send(.checkout(.submitTapped)).value
    }

    @Test func aPurchaseInOneTerminalIsNewsInTheOther() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let buying = storefront(fixture, token: ann.key, session: "t1")
        let watching = storefront(fixture, token: ann.key, session: "t2")
        await watching.send(.launched).value
        #expect(watching.state.account?.id == ann.id)
        #expect(watching.state.lastEventID != nil)

        await buying.send(.launched).value
        #expect(buying.state.paywall.phase.content != nil)
        await pay(buying, for: "pro.monthly")
        guard case let .succeeded(receipt)? = buying.state.checkout?.status else {
            Issue.record("checkout did not succeed: \(String(describing: buying.state.checkout?.status))")
            return
        }
        #expect(receipt.unlocked == ["Premium"])
        // The server's books say the same as the screen.
        let subscriptions = try await fixture.service.subscriptions(accountID: ann.id)
        #expect(subscriptions.map(\.productID) == ["pro.monthly"])
        // Read back over the wire, the subscription is the core's value, field for field.
        let reader = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key))
        #expect(try await reader.plans.subscriptions(ann.id) == subscriptions)
        #expect(try await reader.plans.entitlements(ann.id) == fixture.service.entitlements(accountID: ann.id))
        #expect(try await reader.billing.invoices(ann.id, InvoiceQuery()) == fixture.service.invoices(accountID: ann.id, query: InvoiceQuery()))
        #expect(try await reader.billing.usage(ann.id) == fixture.service.usage(accountID: ann.id))
        let subscriptionID = try #require(subscriptions.first?.id)
        #expect(try await reader.plans.statusVocabulary(subscriptionID)
                == fixture.service.statusVocabulary(subscriptionID: subscriptionID))
        #expect(try await fixture.service.paymentMethods(accountID: ann.id).map(\.last4) == ["4242"])

        await watching.send(.pollChanges).value
        #expect(watching.state.feedTrouble == nil)
        #expect(watching.state.toasts.map(\.message).contains("Bought Pro Monthly."))
        #expect(watching.state.plans.account?.id == ann.id)
    }

    @Test func aDeclinedNewCardIsNotKeptOnTheServer() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let store = storefront(fixture, token: ann.key, session: "t1")
        await store.send(.launched).value
        await pay(store, for: "pro.monthly", card: "4000000000000002")
        guard case .declined? = store.state.checkout?.status else {
            Issue.record("the checkout was not declined: \(String(describing: store.state.checkout?.status))")
            return
        }
        #expect(try await fixture.service.paymentMethods(accountID: ann.id).isEmpty)
        #expect(try await fixture.service.subscriptions(accountID: ann.id).isEmpty)
    }

    @Test func restoreNamesWhatCameBackAndSaysWhenThereIsNothing() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let store = storefront(fixture, token: ann.key, session: "t1")
        await store.send(.launched).value
        await store.send(.paywall(.restoreTapped)).value
        #expect(store.state.paywall.restoreMessage == RestoreError.noReceipt.userMessage)

        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        await store.send(.paywall(.restoreTapped)).value
        let message = try #require(store.state.paywall.restoreMessage)
        #expect(message.contains("Theme pack"), "\(message)")
    }

    @Test func aCardTheIssuerRefusesIsWordedAsOnTheDataDirectory() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let store = storefront(fixture, token: ann.key, session: "t1")
        await store.send(.launched).value
        await pay(store, for: "pro.monthly", card: "4000000000009995")
        #expect(store.state.checkout?.status == .declined(message: "Your card has insufficient funds.",
                                                          advice: "Try another card."))
        #expect(try await fixture.service.paymentMethods(accountID: ann.id).isEmpty)
    }

    @Test func aLostServerIsSaidOnTheStatusLineAndNothingSucceeds() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let wire = PluggableTransport()
        let store = storefront(fixture, token: ann.key, session: "t1", transport: wire)
        await store.send(.launched).value
        let shown = try #require(store.state.paywall.phase.content)
        await store.send(.paywall(.selectPackage(productID: "pro.monthly"))).value
        await store.send(.paywall(.continueTapped)).value
        #expect(store.state.checkout?.phase.content != nil)

        wire.unplug()
        await store.send(.pollChanges).value
        let hostAndPort = "\(fixture.baseURL.host ?? ""):\(fixture.baseURL.port ?? 80)"
        #expect(store.state.feedTrouble?.notice == "Can't reach the server at \(hostAndPort): connection refused — retrying…")
        #expect(store.state.paywall.phase.content == shown)
        #expect(store.state.toasts.isEmpty)

        for action: CheckoutAction in [.selectPayment(.newCard), .cardNumberChanged("4242424242424242"),
                                       .cardExpiryChanged("12/30"), .cardCVCChanged("123"), .cardPostalCodeChanged("94107")] {
            await store.send(.checkout(action)).value
        }
        await store.send(.checkout(.submitTapped)).value
        let status = try #require(store.state.checkout?.status)
        if case .succeeded = status { Issue.record("a purchase succeeded with the server gone") }
        #expect(String(describing: status).contains("Can't reach the server at \(hostAndPort): connection refused"))
        #expect(store.state.toasts.isEmpty)
        // Nothing reached the server's books.
        #expect(try await fixture.service.paymentMethods(accountID: ann.id).isEmpty)
        #expect(try await fixture.service.subscriptions(accountID: ann.id).isEmpty)
    }

    @Test func anotherCustomersIdsAndAccountsAreRefusedClearly() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let bobsInvoice = try #require(try await bob.client.createPurchase(body: .json(.init(productId: "themes.lifetime")))
            .ok.body.json.invoice?.id)
        let annsClient = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key))

        await #expect(throws: PaymentsError.accountNotFound(bob.id)) { try await annsClient.plans.subscriptions(bob.id) }
        do {
            _ = try await annsClient.billing.invoice(bobsInvoice)
            Issue.record("Ann's key read Bob's invoice")
        } catch let failure as RemoteCallFailure {
            guard case let .refused(status, _, _, _, _) = failure.reason else {
                Issue.record("unexpected failure \(failure)")
                return
            }
            #expect(status == 404)
        }
        do {
            try await annsClient.accounts.signIn(bob.id)
            Issue.record("signed in to Bob with Ann's key")
        } catch {
            #expect(String(describing: error).contains("needs that account's API key"))
        }
        do {
            _ = try await annsClient.accounts.createAccount(NewAccount(email: "cy@example.com", name: "Cy"))
            Issue.record("created an account without the admin key")
        } catch {
            #expect(String(describing: error).contains("needs the server's admin key"))
        }
        await #expect(throws: PaymentsError.invalidOfferCode(code: "SAVE5", reason: .notApplicable)) {
            try await annsClient.purchases.purchase(PurchaseRequest(accountID: ann.id, productID: "points.500", offerCode: "SAVE5"))
        }
        #expect(try await annsClient.accounts.accounts().map(\.id) == [ann.id])
        #expect(try await annsClient.accounts.signedInAccount()?.id == ann.id)
    }

    @Test func settingsWithoutTheAdminKeyShowsTheAccountAndSaysWhatTheQAPanelNeeds() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let store = storefront(fixture, token: ann.key, session: "t1")
        await store.send(.launched).value
        await store.send(.selectTab(.settings)).value
        #expect(store.state.settings.content?.account.customerID == ann.id)
        #expect(store.state.settings.content?.paymentMethods.map(\.last4) == ["4242"])
        let error = try #require(store.state.settings.qa.controlsError)
        #expect(error.message.contains("needs the server's admin key"))
    }

    @Test func withTheAdminKeyANewAccountCanBeCreatedAndSignedInTo() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key,
                                                        adminKey: fixture.adminKey.value))
        let cy = try await client.accounts.createAccount(NewAccount(email: "cy@example.com", name: "Cy"))
        #expect(try await client.accounts.accounts().map(\.id) == [ann.id, cy.id])
        try await client.accounts.signIn(cy.id)
        #expect(try await client.accounts.signedInAccount()?.id == cy.id)
        #expect(try await client.testControls.storeControls() == StoreControls())
    }

    @Test func withTheAdminKeyTheAccountGoesOntoANewTestClockAndBack() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key,
                                                        adminKey: fixture.adminKey.value))
        let clock = try await client.testControls.attachNewTestClock(ann.id, "qa")
        #expect(clock.name == "qa")
        #expect(try await fixture.service.account(ann.id).testClockID == clock.id)
        await #expect(throws: (any Error).self) { try await client.testControls.attachNewTestClock(ann.id, "again") }
        let back = try await client.testControls.detachTestClock(ann.id)
        #expect(back.id == ann.id && back.testClockID == nil)
        #expect(try await fixture.service.account(ann.id).testClockID == nil)
    }

    @Test func theStoreSheetBuysOverTheServerAndAParentApprovesAnAskToBuy() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key,
                                                        adminKey: fixture.adminKey.value))
        let bought = try await client.purchases.storePurchase(StorePurchaseRequest(accountID: ann.id, productID: "pro.monthly",
                                                                         idempotencyKey: "sheet-1"))
        guard case let .success(transaction, receipt) = bought else {
            Issue.record("the store purchase answered \(bought)")
            return
        }
        let local = try await fixture.service.subscriptions(accountID: ann.id)
        #expect(receipt.productID == "pro.monthly" && transaction.payload.productId == "pro.monthly")
        #expect(receipt.subscription == local.first && receipt.subscription != nil)
        #expect(receipt.invoice == (try await fixture.service.invoice(receipt.invoice.id)))
        #expect(receipt.entitlements == ["premium"])
        #expect(try await client.purchases.storePurchase(StorePurchaseRequest(accountID: ann.id, productID: "pro.monthly",
                                                                    idempotencyKey: "sheet-1")) == bought)

        try await client.testControls.updateStoreControls(StoreControls(askToBuy: true))
        let asked = try await client.purchases.storePurchase(StorePurchaseRequest(accountID: ann.id, productID: "themes.lifetime",
                                                                        idempotencyKey: "sheet-2"))
        guard case let .pending(action) = asked else {
            Issue.record("ask to buy answered \(asked)")
            return
        }
        #expect(action.kind == .askToBuy && action.productID == "themes.lifetime" && action.accountID == ann.id)
        #expect(try await client.purchases.storePurchaseStatus(action.id, ann.id) == .waiting)
        let approved = try await client.testControls.approvePurchase(action.id)
        guard case let .success(_, approvedReceipt) = approved else {
            Issue.record("the approval answered \(approved)")
            return
        }
        #expect(approvedReceipt.productID == "themes.lifetime" && approvedReceipt.entitlements == ["themes"])
        #expect(try await fixture.service.pendingActions(accountID: ann.id).isEmpty)
        #expect(try await client.purchases.storePurchaseStatus(action.id, ann.id) == .approved)
        // Cleared away, a request is not found (404 over HTTP), which ends a checkout's wait.
        try await client.testControls.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(cleared) = try await client.purchases.storePurchase(
            StorePurchaseRequest(accountID: ann.id, productID: "points.500", idempotencyKey: "sheet-3")) else {
            Issue.record("ask to buy did not wait")
            return
        }
        try await TestControlDesk(merchant: fixture.service, appStore: fixture.appStore).clearAllTransactions()
        await #expect(throws: PaymentsError.pendingActionNotFound(cleared.id)) {
            _ = try await client.purchases.storePurchaseStatus(cleared.id, ann.id)
        }
    }

    /// The terminal hears of a purchase made elsewhere from the server's event stream, at once,
    /// and hears nothing of another customer's.
    @Test func feedNewsArrivesFromTheStreamWhenTheCustomerBuysElsewhere() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key))
        let feedNews = try #require(client.feed.feedNews)
        let start = try await client.feed.feedPosition(ann.id)
        var news = feedNews(start).makeAsyncIterator()

        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.1000"))).ok.body.json
        #expect(await news.next() != nil)
        let heard = try await client.feed.events(ann.id, start, 100)
        #expect(heard.contains { $0.type == .purchaseCompleted && $0.productID == "points.1000" })
        #expect(!heard.contains { $0.productID == "points.500" })
    }

    /// The live stream is opened with a customer's key; after Settings signs in to another account
    /// it must carry that account's news, not go on with the first one's until it happens to reopen.
    @Test func afterSigningInToAnotherAccountTheStreamCarriesThatAccountsNews() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key,
                                                        adminKey: fixture.adminKey.value))
        let cy = try await client.accounts.createAccount(NewAccount(email: "cy@example.com", name: "Cy"))
        let feedNews = try #require(client.feed.feedNews)
        var news = feedNews(try await client.feed.feedPosition(ann.id)).makeAsyncIterator()

        try await client.accounts.signIn(cy.id)
        #expect(await news.next() != nil)  // the switch itself: read the new account now
        _ = try await fixture.appStore.storePurchase(StorePurchaseRequest(accountID: cy.id, productID: "points.500"))
        #expect(await news.next() != nil)
        #expect(try await client.feed.events(cy.id, nil, 100).contains { $0.type == .purchaseCompleted })
    }
}
