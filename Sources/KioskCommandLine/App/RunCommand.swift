import ArgumentParser
import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `kiosk run`, the default: the storefront in the terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the storefront in the terminal (the default command).",
        discussion: """
            Exits 0 when you quit, 74 when the terminal goes away, 64 on usage errors, and \
            128 + N when ended by signal N (the terminal is restored in every case). With --server, \
            a server that does not answer or refuses the key is said on screen, with r to retry; \
            --dump has no screen to retry on, so it prints that one line to stderr and exits 69 \
            (unreachable: host:port and the cause) or 77 (key refused: 401).
            """
    )

    @OptionGroup var store: StoreOptions

    @OptionGroup var remote: RemoteStorefrontOptions

    @Option(help: ArgumentHelp("When to use colour (default: your saved preference, else auto).",
                               valueName: "when"))
    var color: ColorChoice?

    @Option(help: ArgumentHelp("Colour theme (default: your saved preference, else standard).",
                               valueName: "name"))
    var theme: ThemeChoice?

    @Flag(help: "Screen-reader mode: no box drawing, linear layout, explicit labels (also KIOSK_ACCESSIBLE=1).")
    var accessible = false

    @Flag(help: "Print the first settled screen as text and exit, without a terminal.")
    var dump = false

    @Option(help: ArgumentHelp("The screen size for --dump (default: 80x24).", valueName: "WIDTHxHEIGHT"))
    var size: DumpSize?

    @Flag(help: "Paint the first settled screen in the terminal and exit (for start-up timing).")
    var exitAfterFirstFrame = false

    @Flag(help: "Do not capture the mouse (leaves text selection to the terminal).")
    var noMouse = false

    func validate() throws {
        if size != nil, !dump { throw ValidationError("--size only applies to --dump") }
        if dump, exitAfterFirstFrame { throw ValidationError("--dump and --exit-after-first-frame cannot be combined") }
        _ = try remote.remoteServer(environment: ProcessInfo.processInfo.environment)
    }

    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        if !dump, isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            Terminal.error("kiosk: the storefront needs a terminal; use `kiosk run --dump` for text or `kiosk status`")
            throw ExitCode(64)
        }
        if !dump, let problem = TerminalRequirement.problem(environment) {
            Terminal.error(problem)
            throw ExitCode(64)
        }
        let (client, local) = try await paymentsClient(environment: environment)
        let preferences = PreferencesFile(directory: store.data.directory.url)
        let saved: Preferences
        do {
            saved = try preferences.load()
        } catch {
            Terminal.error("kiosk: \(error); starting with the default preferences")
            saved = Preferences()
        }
        let appearance = Appearance(
            color: color?.mode ?? ColorMode(rawValue: saved.colourMode.rawValue) ?? .auto,
            theme: theme?.theme ?? saved.theme,
            accessible: accessible || Appearance.accessibleRequested(environment),
            environment: environment, isTerminal: !dump)
        let clock = SystemClock()
        let feature = TerminalFeature(
            app: AppFeature(storefront: client, clock: clock, files: .live(rememberingIn: store.data.directory.url),
                            preferences: preferences.client),
            context: appearance.context)
        var start = AppState(sessionID: SessionID.random())
        start.server = try remote.remoteServer(environment: environment)?.label
        if dump {
            let size = (size ?? DumpSize(Size(width: 80, height: 24))).size
            let app = TerminalApp(feature: feature, initialState: TerminalState(app: start, size: size), clock: clock)
            print(HeadlessBackend.plainText(await app.settledFrame().buffer))
            return
        }
        let app = TerminalApp(feature: feature, initialState: TerminalState(app: start, size: Size(width: 80, height: 24)),
                              clock: clock, news: client.feed.feedNews?(nil))
        // Renewals, retries and expiries run every second while the storefront is open; the app
        // hears of them through the change feed it polls and reloads the screens they touch. A
        // failed run stays due and is tried again at the next tick; why it failed goes to the data
        // directory's kiosk.log (there is no line to print it on while curses owns the terminal).
        // A server runs its own. The store was brought up to date just before the first frame,
        // so the timer's first run waits one interval instead of competing with that frame; a run
        // that exits after the first frame starts no timer, and so writes nothing.
        let dueWork: Task<Void, Never>? = exitAfterFirstFrame ? nil : local.map { local in
            Task.detached {
                let log = BackgroundFailureLog(directory: store.data.directory)
                let scheduler = DueWorkScheduler(service: local.service, failed: { log.record("due work", $0) },
                                                 more: { try await local.appStore.runScheduledDueWork() })
                do { try await Task.sleep(for: scheduler.interval) } catch { return }
                await scheduler.run()
            }
        }
        defer { dueWork?.cancel() }
        let ending = await NCursesTerminal.run(colorLevel: appearance.colorLevel, mouse: !noMouse) { terminal in
            if exitAfterFirstFrame {
                await app.paintFirstFrame(on: terminal)
                return TerminalApp.Ending.quit
            }
            return await app.run(on: terminal)
        }
        switch ending {
        case .quit: return
        case .inputEnded: throw ExitCode(74)
        case let .signalled(signal): throw ExitCode(128 + signal)
        }
    }

    /// The data directory's store in this process, or with `--server` the running server's,
    /// behind the same client so every screen takes one code path.
    /// The in-process service and App Store come back too, for the due-work timer only a local
    /// store needs.
    private func paymentsClient(environment: [String: String]) async throws
        -> (client: Storefront, local: (service: LocalPaymentsService, appStore: SimulatedAppStore)?) {
        if let server = try remote.remoteServer(environment: environment) {
            // The checkout page is the server's, but the browser and clipboard are this machine's.
            var client = try await ServerStack.required(\.remoteStorefront)(server, dump)
            client.hostedCheckout.openInBrowser = { try await BrowserOpener.open($0) }
            client.hostedCheckout.copyToClipboard = { try await Clipboard.copy($0) }
            return (client, nil)
        }
        // The first frame shows the store as it is now; from then on the due-work timer keeps it so.
        // One connection: the first frame only reads, and that opening writes and syncs nothing.
        let (service, catalog, _) = try await store.openUpToDate(connections: .single)
        let provider = store.openCheckoutProvider(merchant: service, catalog: catalog)
        let session = try await TerminalSession.keeper(for: service, in: store.data.directory)
        try await FirstRunAccount.ensure(in: service, session: session, environment: environment)
        let log = BackgroundFailureLog(directory: store.data.directory)
        let checkout = LiveHostedCheckout(provider: provider, merchant: service) { log.record("webhook deliveries", $0) }
        let appStore = store.openAppStore(beside: service)
        return (.live(service, appStore: appStore, session: session, hostedCheckout: checkout.client, checkoutProvider: provider),
                (service, appStore))
    }
}

/// What `kiosk run` needs of the terminal before curses starts: a `TERM` that can place the
/// cursor. Under `TERM=dumb` (Emacs shell buffers, some CI logs) or with no `TERM`, curses would
/// print only the key line, so the command says so and how to run it instead.
enum TerminalRequirement {
    /// Why the storefront cannot be drawn here, nil when it can.
    static func problem(_ environment: [String: String]) -> String? {
        let term = environment["TERM"] ?? ""
        guard term.isEmpty || term == "dumb" else { return nil }
        let which = term.isEmpty ? "TERM is not set" : "TERM=dumb"
        return """
            kiosk: this terminal cannot draw the storefront (\(which): it cannot move the cursor).
            Run it in a full terminal (for example: TERM=xterm-256color kiosk run), or use \
            `kiosk status` or `kiosk run --dump` for text.
            """
    }
}

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
