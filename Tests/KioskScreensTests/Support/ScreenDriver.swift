import Foundation
import KioskResources
import KioskScreens
import KioskViewModels
import PaymentsCore
import SnapshotTesting
import StorefrontClient
import TerminalUI
import Testing
import Simulators
import TestSupport

/// The real payments core (default catalog, temporary data directory, manual clock) behind the
/// real terminal reducer and renderer: tests press keys and read the screen as a person would.
@MainActor
final class ScreenDriver {
    let service: LocalPaymentsService
    let session = SessionTokenKeeper.inMemory()
    let clock: ManualClock
    let store: Store<TerminalFeature>
    let context: RenderContext

    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    init(size: Size = Size(width: 80, height: 24), context: RenderContext = .standard,
         hostedCheckout: HostedCheckoutClient = .unavailable, files: FileExportClient = .failing) throws {
        let directory = ScratchDirectories.make("kiosk-screens")
        let catalogURL = try #require(KioskResources.defaultCatalogURL)
        let catalog = try CatalogLoader.load(contentsOf: catalogURL).get()
        clock = ManualClock(Self.start)
        service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: clock,
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        self.context = context
        let app = AppFeature(storefront: .live(service, appStore: SimulatedAppStore(beside: service), session: session, hostedCheckout: hostedCheckout),
                             clock: clock, files: files)
        store = Store(initialState: TerminalState(app: AppState(sessionID: "test"), size: size),
                      reducer: TerminalFeature(app: app, context: context))
    }

    var state: TerminalState { store.state }

    /// Sends an action and waits for its effects and every action they lead to; a key acts on
    /// the frame the state draws, as a typed one acts on the painted frame.
    func send(_ action: TerminalAction) async {
        await store.send(action.overFrame(of: store.state, context: context)).value
    }

    func launch() async { await send(.app(.launched)) }

    func press(_ keys: Key...) async {
        for key in keys { await send(.key(key)) }
    }

    func type(_ text: String) async {
        for character in text { await send(.key(.character(character))) }
    }

    func resize(_ width: Int, _ height: Int) async { await send(.resized(Size(width: width, height: height))) }

    var frame: Frame { AppView.render(store.state, context: context) }

    /// The screen as plain text, one line per row, trailing blanks kept so widths show.
    var text: String { HeadlessBackend.plainText(frame.buffer) }

    /// The screen with style markers, for checking state stays visible without colour.
    var styledText: String { HeadlessBackend.styledText(frame.buffer) }

    /// A signed-in customer with a saved card that always succeeds.
    @discardableResult
    func signIn(_ name: String = "ada", withCard: Bool = true) async throws -> Account {
        let account = try await service.createAccount(NewAccount(email: "\(name)@example.com", name: name))
        try await session.signIn(account.id, on: service)
        if withCard {
            _ = try await service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
                token: "tok_\(name)", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035))
        }
        return account
    }

    /// Compares the screen with the text file stored beside the tests
    /// (`__Snapshots__/<TestFile>/<test>.<name>.txt`); a missing file is recorded and the test fails.
    func assertScreen(named name: String, styled: Bool = false,
                      fileID: StaticString = #fileID, file: StaticString = #filePath,
                      testName: String = #function, line: UInt = #line, column: UInt = #column) {
        assertSnapshot(of: styled ? styledText : text, as: .lines, named: name,
                       fileID: fileID, file: file, testName: testName, line: line, column: column)
    }
}
