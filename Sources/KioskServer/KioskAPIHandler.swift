import Foundation
import KioskAPI
import KioskAPIMapping
import OpenAPIRuntime
import PaymentsCore

/// The contract's operations over the payments core, and over the App Store for its own (the
/// purchase sheet and ask to buy).
///
/// Customer operations act for `Caller.current` only: every id in a path or body is checked to
/// belong to that customer, and one that does not answers 404 exactly like one that does not exist.
struct KioskAPIHandler: APIProtocol {
    let service: any PaymentsService
    let appStore: any AppStoreService
    /// The test-control operations' levers over both.
    var desk: TestControlDesk { TestControlDesk(merchant: service, appStore: appStore) }
    /// The customer's changes to what either party sold or bills.
    var router: StoreKitRouter { StoreKitRouter(merchant: service, appStore: appStore) }
    let document: Data
    let feed: FeedSignal
    var checkoutOpener: (any HostedCheckoutOpener)?
    /// The hosted-checkout provider whose webhook outbox the test-control API steers; nil when
    /// the server runs none.
    var hostedCheckout: (any HostedCheckoutService)?
    var origin = ServerOrigin()
    var keepAlive: Duration = .seconds(15)
    /// What besides a read of the store `GET /health/ready` checks (see `KioskServer.readiness`).
    var readiness: @Sendable () async throws -> Void = {}
    var metrics: ServerMetrics?

    /// Liveness: no store access, so an outage of the database never fails it.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    /// Readiness: a read of the store (bounded by the database timeout) and the wiring's checks.
    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        _ = try await service.feedPosition(accountID: nil)
        try await readiness()
        return .ok(.init(body: .json(.init(status: .ok))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws
        -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(document))))
    }

    func getCustomer(_ input: Operations.GetCustomer.Input) async throws -> Operations.GetCustomer.Output {
        let accountID = try customerID()
        // One read, which costs the same however long the customer's history is.
        let overview = try await service.customerOverview(accountID: accountID)
        let body = Components.Schemas.CustomerInfo(
            account: .init(overview.account), requestDate: overview.requestDate,
            plan: overview.plan.planID.map { .init(id: $0, name: overview.plan.planName) },
            entitlements: overview.entitlements.all.values.sorted { $0.identifier < $1.identifier }.map { .init($0) },
            activeSubscriptions: overview.activeSubscriptions,
            allPurchasedProductIds: overview.allPurchasedProductIdentifiers,
            managementUrl: overview.managementURL)
        return .ok(.init(body: .json(body)))
    }

    func listInvoices(_ input: Operations.ListInvoices.Input) async throws -> Operations.ListInvoices.Output {
        let accountID = try customerID()
        let limit = try pageSize(input.query.limit, default: 50, maximum: 100)
        let query = InvoiceQuery(status: input.query.status.map(InvoiceStatus.init), year: input.query.year,
                                 cursor: input.query.cursor, limit: limit)
        let page = try await service.invoices(accountID: accountID, query: query)
        return .ok(.init(body: .json(.init(items: page.items.map { .init($0) }, nextCursor: page.nextCursor))))
    }

    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output {
        let invoice = try await ownInvoice(input.path.invoiceId)
        return .ok(.init(body: .json(.init(invoice))))
    }

    func refundInvoice(_ input: Operations.RefundInvoice.Input) async throws -> Operations.RefundInvoice.Output {
        let invoice = try await ownInvoice(input.path.invoiceId)
        let outcome = try await router
            .refund(invoiceID: invoice.id, idempotencyKey: try scoped(input.headers.idempotencyKey))
        return .ok(.init(body: .json(.init(refund: .init(outcome.refund), original: .init(outcome.original),
                                           revokedSubscriptionId: outcome.revokedSubscription?.id))))
    }

    func createPurchase(_ input: Operations.CreatePurchase.Input) async throws -> Operations.CreatePurchase.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        // Whose card it is the core checks (another account's card is not found, as a missing one).
        let request = PurchaseRequest(accountID: accountID, productID: body.productId, offerCode: body.offerCode,
                                      paymentMethodID: body.paymentMethodId,
                                      idempotencyKey: try scoped(input.headers.idempotencyKey))
        let outcome: PurchaseOutcome
        do {
            outcome = try await service.purchase(request)
        } catch {
            metrics?.purchase(outcome: "failed")
            throw error
        }
        metrics?.purchase(outcome: outcome.metricLabel)
        return .ok(.init(body: .json(try .init(outcome))))
    }

    func listPaymentMethods(_ input: Operations.ListPaymentMethods.Input) async throws
        -> Operations.ListPaymentMethods.Output {
        let methods = try await service.paymentMethods(accountID: try customerID())
        return .ok(.init(body: .json(methods.map(Components.Schemas.PaymentMethod.init))))
    }

    func addCard(_ input: Operations.AddCard.Input) async throws -> Operations.AddCard.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let card = CardDetails(number: body.number, expiryMonth: body.expMonth, expiryYear: body.expYear, cvc: body.cvc,
                               cardholderName: body.name, postalCode: body.postalCode)
        let method = try await service.addCard(accountID: accountID, card: card, makeDefault: body.makeDefault ?? true)
        return .created(.init(body: .json(.init(method))))
    }

    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        let accountID = try customerID()
        let limit = try pageSize(input.query.limit, default: 100, maximum: 500)
        let after = try position(input.query.after)
        let events = try await service.events(accountID: accountID, after: after, limit: limit)
        return .ok(.init(body: .json(.init(items: events.map(Components.Schemas.Event.init),
                                           position: events.last?.id ?? after))))
    }

    /// Test control: the feed of every account, for the QA panel's "all accounts" log.
    func listAllEvents(_ input: Operations.ListAllEvents.Input) async throws -> Operations.ListAllEvents.Output {
        let limit = try pageSize(input.query.limit, default: 100, maximum: 500)
        let after = try position(input.query.after)
        let events = try await service.events(accountID: nil, after: after, limit: limit)
        return .ok(.init(body: .json(.init(items: events.map(Components.Schemas.Event.init),
                                           position: events.last?.id ?? after))))
    }

    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let accountID = try customerID()
        var after = try position(input.query.after)
        if input.headers.lastEventID != nil, let lastEventID = SentHeaders.value("Last-Event-ID") {
            guard let position = Int64(lastEventID), position >= 0 else {
                throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                              detail: "Last-Event-ID must be a feed position (a whole number)", field: "Last-Event-ID")
            }
            after = position
        }
        let key = Caller.customerKey
        let stream = EventStream(signal: feed, accountID: accountID, after: after, keepAlive: keepAlive,
                                 keyStillValid: { [service] in
                                     guard let key else { return false }
                                     return try await service.accountID(forAPIKey: key) == accountID
                                 },
                                 metrics: metrics)
        return .ok(.init(body: .textEventStream(HTTPBody(stream, length: .unknown, iterationBehavior: .single))))
    }

    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let account = try await service.createAccount(NewAccount(email: body.email, name: body.name))
        let key = try await service.issueAPIKey(accountID: account.id)
        return .created(.init(body: .json(.init(id: account.id, apiKey: key))))
    }

    /// The caller's own account only: the key names it.
    func changeCustomerEmail(_ input: Operations.ChangeCustomerEmail.Input) async throws -> Operations.ChangeCustomerEmail.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        return .ok(.init(body: .json(.init(try await service.changeEmail(accountID: accountID, to: body.email)))))
    }

    func rotateAccountKey(_ input: Operations.RotateAccountKey.Input) async throws -> Operations.RotateAccountKey.Output {
        let key = try await service.issueAPIKey(accountID: input.path.accountId)
        return .created(.init(body: .json(.init(id: input.path.accountId, apiKey: key))))
    }

    func createTestClock(_ input: Operations.CreateTestClock.Input) async throws -> Operations.CreateTestClock.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let clock = try await service.createTestClock(name: body.name, frozenAt: body.frozenAt)
        return .created(.init(body: .json(.init(clock))))
    }

    func getTestClock(_ input: Operations.GetTestClock.Input) async throws -> Operations.GetTestClock.Output {
        .ok(.init(body: .json(.init(try await service.testClock(input.path.clockId)))))
    }

    func advanceTestClock(_ input: Operations.AdvanceTestClock.Input) async throws -> Operations.AdvanceTestClock.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let report = try await desk.advanceTestClock(input.path.clockId, to: body.to)
        return .ok(.init(body: .json(.init(report))))
    }

    func attachTestClock(_ input: Operations.AttachTestClock.Input) async throws -> Operations.AttachTestClock.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let account = try await service.attach(accountID: input.path.accountId, toTestClock: body.clockId)
        return .ok(.init(body: .json(.init(account))))
    }

    func attachNewTestClock(_ input: Operations.AttachNewTestClock.Input) async throws
        -> Operations.AttachNewTestClock.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let clock = try await service.attachNewTestClock(accountID: input.path.accountId, name: body.name)
        return .created(.init(body: .json(.init(clock))))
    }

    func detachTestClock(_ input: Operations.DetachTestClock.Input) async throws -> Operations.DetachTestClock.Output {
        .ok(.init(body: .json(.init(try await service.detachTestClock(accountID: input.path.accountId)))))
    }

    /// The contract states these bounds too; the generated server does not enforce them.
    func pageSize(_ limit: Int?, default defaultSize: Int, maximum: Int) throws -> Int {
        let size = limit ?? defaultSize
        guard (1...maximum).contains(size) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "limit must be between 1 and \(maximum)", field: "limit")
        }
        return size
    }

    /// A feed position from the query: none is the start; a negative one names no position.
    func position(_ after: Int64?) throws -> Int64 {
        guard let after else { return 0 }
        guard after >= 0 else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "after must be a feed position (0 or more)", field: "after")
        }
        return after
    }

    func customerID() throws -> String {
        guard case let .customer(accountID) = Caller.current else { throw Problem.unauthorized(admin: false) }
        return accountID
    }

    /// The caller's invoice, or 404 for one that is not theirs.
    private func ownInvoice(_ id: String) async throws -> PaymentsCore.Invoice {
        let accountID = try customerID()
        let invoice = try await service.invoice(id)
        guard invoice.accountID == accountID else { throw PaymentsError.invoiceNotFound(id) }
        return invoice
    }

    /// Idempotency keys are scoped to the customer, so two customers choosing the same key never
    /// see each other's results. The contract's bounds (1 to 255 characters) are checked here:
    /// an empty key would otherwise be one shared by every keyless retry.
    func scoped(_ decoded: String?) throws -> String? {
        // Compared as sent: the generated code percent-decodes header values (`c2-%41` is not `c2-A`).
        guard decoded != nil, let key = SentHeaders.value("Idempotency-Key") else { return nil }
        guard (1...255).contains(key.count) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "the Idempotency-Key header must be 1 to 255 characters", field: "Idempotency-Key")
        }
        return "customer:\(try customerID()):\(key)"
    }
}
