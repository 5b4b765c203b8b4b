import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import TerminalUI

/// One scenario's world: a fresh data directory, the real payments core on a test clock at the
/// scenario's start, seeded randomness, and the same terminal reducer and renderer the terminal
/// uses, driven headless. The runner replays scenario files in it; the recorder's tests and
/// the demo drive it directly.
@MainActor
public final class ScenarioSession {
    let scenario: Scenario
    let directory: URL
    let clock: ManualClock
    let service: LocalPaymentsService
    /// The App Store's own operations: a scenario approves or declines an ask to buy there.
    let appStore: any AppStoreService
    /// The QA inbox over both sides: a scenario's `pending:` and `approve:` read and answer here.
    var desk: TestControlDesk { TestControlDesk(merchant: service, appStore: appStore) }
    /// The sandbox's hosted-checkout provider, beside the store on the same data directory.
    let provider: SimulatedCheckoutProvider
    /// The storefront's own sign-in, which a scenario's `sign-in` step sets as a person would.
    let session = SessionTokenKeeper.inMemory()
    let store: Store<TerminalFeature>
    let context: RenderContext
    let tracker: EffectTracker
    let browser: HeadlessBrowser
    private(set) var testClock: TestClock
    var accountID: String?

    public init(scenario: Scenario, catalog: Catalog, options: ScenarioOptions) async throws {
        self.scenario = scenario
        // The name only has to differ between runs going on at once; nothing a scenario sees depends on it.
        directory = options.scratchDirectory.appendingPathComponent("kiosk-qa-\(scenario.seed)-\(UInt64.random(in: 0 ... .max))")
        clock = ManualClock(scenario.start)
        let cards = SimulatedCardProcessor(directory: DataDirectory(url: directory),
                                           random: RandomSource(SeededGenerator(seed: scenario.seed ^ 0xCA4D)))
        let random = RandomSource(SeededGenerator(seed: scenario.seed))
        if let freshStorage = options.freshStorage {
            service = try await LocalPaymentsService(storage: try await freshStorage(), keysIn: DataDirectory(url: directory),
                                                     catalog: catalog, clock: clock, random: random, cardProcessor: cards)
        } else {
            service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: clock,
                                               random: random, cardProcessor: cards)
        }
        appStore = SimulatedAppStore(beside: service)
        provider = SimulatedCheckoutProvider(directory: DataDirectory(url: directory), merchant: service,
                                             cardProcessor: cards, catalog: catalog, clock: clock)
        context = options.context
        let tracker = EffectTracker()
        self.tracker = tracker
        browser = HeadlessBrowser(provider: provider, seed: scenario.seed) { count in await tracker.setParked(count) }
        var secretsGenerator = SeededGenerator(seed: ~scenario.seed)
        _ = try await provider.webhookSecrets(creatingWith: &secretsGenerator)
        testClock = try await service.createTestClock(name: scenario.name, frozenAt: scenario.start)
        let app = AppFeature(storefront: .live(service, appStore: appStore, session: session, hostedCheckout: browser.client,
                                               checkoutProvider: provider), clock: clock,
                             files: .failing)
        store = Store(initialState: TerminalState(app: AppState(sessionID: "qa\(scenario.seed)"), size: scenario.size),
                      reducer: TerminalFeature(app: app, context: options.context), recording: false)
        if let customer = scenario.customer { try await signIn(customer) }
        await send(.app(.launched))
    }

    /// The terminal state now (app state plus terminal-only state).
    public var state: TerminalState { store.state }

    /// Ends any wait on the checkout page and removes the data directory; the session is not
    /// used afterwards.
    public func close() async {
        await browser.release()
        await tracker.quiet()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Hears every state change, including those effects make between steps (a terminal host
    /// redraws on it while the demo plays).
    public func observe(_ onChange: @escaping @MainActor (TerminalState) -> Void) {
        store.onChange = onChange
    }

    public var screen: String { HeadlessBackend.plainText(AppView.render(store.state, context: context).buffer) }

    /// Sends an action and waits until its effects, and everything they lead to, have settled.
    /// A key acts on the frame the state draws, as a typed one acts on the painted frame.
    public func send(_ action: TerminalAction) async {
        tracker.track(store.send(action.overFrame(of: store.state, context: context)))
        await tracker.quiet()
    }

    func signIn(_ customer: CustomerSetup) async throws {
        let account = try await service.createAccount(NewAccount(
            email: "\(customer.name)@example.com", name: customer.name, testClockID: testClock.id))
        if let card = customer.card {
            _ = try await service.addCard(accountID: account.id, card: CardDetails(
                number: card, expiryMonth: 12, expiryYear: 2034, cvc: TestCards.cvc(for: card),
                cardholderName: customer.name, postalCode: "94107"), makeDefault: true)
        }
        try await session.signIn(account.id, on: service)
        accountID = account.id
    }

    /// Moves the test clock (renewals, retries and expiries run in order) and the host's clock.
    func advance(_ duration: ISODuration) async throws -> ClockAdvanceReport {
        let target = try duration.advance(testClock.frozenTime)
        let report = try await desk.advanceTestClock(testClock.id, to: target)
        testClock.frozenTime = target
        clock.set(target)
        await send(.clockTicked(target))
        await send(.app(.pollChanges))
        return report
    }
}
