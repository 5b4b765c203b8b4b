import Foundation
import KioskViewModels
import PaymentsCore
import StorefrontClient
import Synchronization
import TerminalUI

/// One storefront session on a byte stream (an SSH channel): its own store, its own terminal
/// backend and its own host loop on the main actor, which it shares with every other session
/// without blocking it. Bytes in through `receive`, frames out through `write`, one write per frame.
///
/// However the session ends (the person quits, Ctrl-C, the client disconnects, `end` at server
/// shutdown), the client's terminal is restored before `close` is called, once.
public final class ByteStreamSession: Sendable {
    /// How a session looks and what it may do, decided by the server per connection.
    public struct Options: Sendable {
        public var theme: KioskViewModels.Theme
        public var accessible: Bool
        /// Shown when an export is asked for: a session on a server never writes on its disk.
        public var exportRefusal: String
        public var preferences: PreferencesClient

        public init(theme: KioskViewModels.Theme = .standard, accessible: Bool = false,
                    exportRefusal: String = "Exports are not available over SSH; the API's GET /v1/invoices/export gives the same CSV.",
                    preferences: PreferencesClient = .defaults) {
            self.theme = theme
            self.accessible = accessible
            self.exportRefusal = exportRefusal
            self.preferences = preferences
        }
    }

    public let terminal: ByteStreamTerminal
    private let goodbye = Mutex<String?>(nil)
    private let loop = Mutex<Task<TerminalApp.Ending, Never>?>(nil)

    private init(terminal: ByteStreamTerminal) {
        self.terminal = terminal
    }

    /// Starts the storefront for the customer `client` is built for (the server builds it for the
    /// key's account, with its own `SessionTokenKeeper`) and returns at once; the session runs
    /// until it ends by itself or through `end`. `sessionID` prefixes the session's idempotency
    /// keys: unique per session (e.g. `ses_` and 16 random hex digits).
    @MainActor
    public static func start(client: Storefront, clock: any KioskClock, profile: TerminalProfile, sessionID: String,
                             options: Options = Options(),
                             write: @escaping @Sendable ([UInt8]) -> Void,
                             close: @escaping @Sendable () -> Void) -> ByteStreamSession {
        let terminal = ByteStreamTerminal(profile: profile, write: write)
        let session = ByteStreamSession(terminal: terminal)
        let level = profile.colorLevel
        let context = RenderContext(
            theme: TerminalUI.Theme.resolve(named: options.theme.rawValue, level: level),
            glyphs: options.accessible ? .ascii : .unicode, isAccessible: options.accessible, colorLevel: level)
        let feature = TerminalFeature(
            app: AppFeature(storefront: client, clock: clock, files: .refusing(options.exportRefusal),
                            preferences: options.preferences),
            context: context)
        let state = TerminalState(app: AppState(sessionID: sessionID), size: profile.size, exportDirectory: "")
        let app = TerminalApp(feature: feature, initialState: state, clock: clock, news: client.feed.feedNews?(nil))
        let task = Task { @MainActor in
            let ending = await app.run(on: terminal)
            terminal.leave(goodbye: session.goodbye.withLock { $0 })
            close()
            return ending
        }
        session.loop.withLock { $0 = task }
        return session
    }

    /// Bytes from the client, from any thread.
    public func receive(_ bytes: [UInt8]) {
        terminal.receive(bytes)
    }

    /// The client's window changed size (SSH window-change), from any thread.
    public func resize(to size: Size) {
        terminal.resize(to: size)
    }

    /// Ends the session from outside: the client disconnected (no goodbye: nobody reads it) or
    /// the server is shutting down (`goodbye` is written on one line after the terminal is restored).
    public func end(goodbye: String? = nil) {
        self.goodbye.withLock { $0 = goodbye }
        terminal.end()
    }

    /// How the session ended, once its terminal is restored and `close` was called.
    public var result: TerminalApp.Ending {
        get async {
            guard let task = loop.withLock({ $0 }) else { return .inputEnded }
            return await task.value
        }
    }
}
