import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import Synchronization
import TerminalUI
import TestSupport
import Testing

/// Storefront sessions on byte streams, as the SSH server runs them: bytes in, escape sequences
/// out, the client's terminal restored on every way out.
@MainActor
// The limit only keeps a broken session from hanging the run; each test takes milliseconds.
@Suite(.timeLimit(.minutes(10)))
struct ByteStreamSessionTests {
    /// What a session wrote, the client's screen those bytes paint, and a stream of each write so
    /// a test waits for output, not for time. Text is looked for on the screen, not in the bytes:
    /// a frame is a diff, so a word can arrive in pieces around cells that did not change.
    final class Channel: Sendable {
        let written = Mutex<[UInt8]>([])
        let screen: Mutex<VTScreen>
        let closes = Mutex(0)
        let writes: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init(size: Size = Size(width: 100, height: 30)) {
            screen = Mutex(VTScreen(size: size))
            (writes, continuation) = AsyncStream.makeStream()
        }

        var write: @Sendable ([UInt8]) -> Void {
            { [self] bytes in
                written.withLock { $0 += bytes }
                screen.withLock { $0.feed(bytes) }
                continuation.yield()
            }
        }

        var close: @Sendable () -> Void {
            { [self] in
                closes.withLock { $0 += 1 }
                continuation.finish()
            }
        }

        var text: String { String(decoding: written.withLock { $0 }, as: UTF8.self) }

        var shows: String { screen.withLock { $0.lines.joined(separator: "\n") } }

        /// Waits until the client's screen shows `expected`; false if the session closed first.
        func waitFor(_ expected: String) async -> Bool {
            await waitUntil { $0.shows.contains(expected) }
        }

        /// Waits until `condition` holds for the client's screen; false if the session closed first.
        func waitUntil(_ condition: @Sendable (Channel) -> Bool) async -> Bool {
            if condition(self) { return true }
            for await _ in writes where condition(self) { return true }
            return condition(self)
        }

        /// Where `text` first appears on the client's screen.
        func position(of text: String) -> Point? {
            for (row, line) in screen.withLock({ $0.lines }).enumerated() {
                guard let range = line.range(of: text) else { continue }
                return Point(x: DisplayWidth.of(String(line[..<range.lowerBound])), y: row)
            }
            return nil
        }
    }

    static let profile = TerminalProfile(term: "xterm-256color", size: Size(width: 100, height: 30))

    func start(_ driver: ScreenDriver, _ channel: Channel, profile: TerminalProfile = profile) -> ByteStreamSession {
        let client = Storefront.live(driver.service, appStore: SimulatedAppStore(beside: driver.service),
                                         session: driver.session)
        return ByteStreamSession.start(client: client, clock: driver.clock, profile: profile, sessionID: "ses_test",
                                       write: channel.write, close: channel.close)
    }

    static let leave = String(decoding: EscapeSequences.leave, as: UTF8.self)

    @Test func paintsThePaywallAndRestoresTheTerminalOnQuit() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let channel = Channel()
        let session = start(driver, channel)
        #expect(channel.text.hasPrefix(String(decoding: EscapeSequences.enter, as: UTF8.self)))
        #expect(await channel.waitFor("Kiosk Demo Store"))
        session.receive(Array("q".utf8))
        #expect(await session.result == .quit)
        #expect(channel.text.hasSuffix(Self.leave))
        #expect(channel.closes.withLock { $0 } == 1)
    }

    @Test func ctrlCEndsOnlyThatSession() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let first = Channel()
        let second = Channel()
        let ended = start(driver, first)
        let other = start(driver, second)
        #expect(await first.waitFor("Kiosk Demo Store"))
        #expect(await second.waitFor("Kiosk Demo Store"))
        ended.receive([0x03])
        #expect(await ended.result == .signalled(2))
        #expect(first.text.hasSuffix(Self.leave))
        // The other session still answers keys: Plans paints its tab.
        other.receive(Array("2".utf8))
        #expect(await second.waitFor("Compare plans"))
        other.end()
        #expect(await other.result == .inputEnded)
        #expect(second.text.hasSuffix(Self.leave))
    }

    @Test func serverShutdownSaysGoodbyeAfterRestoring() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let channel = Channel()
        let session = start(driver, channel)
        #expect(await channel.waitFor("Kiosk Demo Store"))
        session.end(goodbye: "The server is shutting down. Goodbye.")
        #expect(await session.result == .inputEnded)
        #expect(channel.text.hasSuffix(Self.leave + "The server is shutting down. Goodbye.\r\n"))
        #expect(channel.closes.withLock { $0 } == 1)
    }

    @Test func resizeRepaintsAtTheNewSize() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let channel = Channel()
        let session = start(driver, channel)
        #expect(await channel.waitFor("Kiosk Demo Store"))
        let before = channel.written.withLock { $0.count }
        session.resize(to: Size(width: 40, height: 10))
        #expect(await channel.waitFor("too small"))
        #expect(channel.written.withLock { $0.count } > before)
        #expect(session.terminal.size == Size(width: 40, height: 10))
        session.end()
        _ = await session.result
    }

    /// The host resolves a click against the frame it painted last: after a resize, the
    /// regions of the frame drawn at the new size, where the button now is.
    @Test func aClickAfterAResizeHitsWhatTheNewFrameDrewThere() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let channel = Channel(size: Size(width: 120, height: 40))
        let session = start(driver, channel)
        #expect(await channel.waitFor("Enter Subscribe"))
        let before = try #require(channel.position(of: "Enter Subscribe"))
        session.resize(to: Size(width: 120, height: 40))
        #expect(await channel.waitUntil { $0.position(of: "Enter Subscribe").map { $0 != before } ?? false })
        let after = try #require(channel.position(of: "Enter Subscribe"))
        session.receive(Array("\u{1B}[<0;\(after.x + 1);\(after.y + 1)M".utf8))
        #expect(await channel.waitFor("Order summary"))
        session.end()
        _ = await session.result
    }

    @Test func pasteTypesNoShortcuts() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        let channel = Channel()
        let session = start(driver, channel)
        #expect(await channel.waitFor("Kiosk Demo Store"))
        // A pasted `q` on the paywall (no text field) neither quits nor switches tabs.
        session.receive(Array("\u{1B}[200~q3\u{1B}[201~".utf8))
        session.receive(Array("2".utf8))
        #expect(await channel.waitFor("Compare plans"))
        session.receive(Array("q".utf8))
        #expect(await session.result == .quit)
    }

    @Test func exportsAreRefusedWithAReason() async throws {
        let driver = try ScreenDriver()
        _ = try await driver.monthlyHistory(months: 2)
        let channel = Channel()
        let session = start(driver, channel)
        #expect(await channel.waitFor("Kiosk Demo Store"))
        session.receive(Array("3".utf8))
        #expect(await channel.waitFor("Billing history"))
        session.receive(Array("e".utf8))
        #expect(await channel.waitFor("not available over SSH"))
        session.end()
        _ = await session.result
    }
}
