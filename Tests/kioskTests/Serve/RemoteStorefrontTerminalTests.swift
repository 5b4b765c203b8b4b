import Foundation
import Glibc
import KioskAPI
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

/// `kiosk run --server` in a real terminal (tmux) against a `kiosk serve` child process: a
/// purchase made by another client of the same customer shows up as news, the server going away
/// is said on the status line, and a storefront started without the customer's key is a usage error.
@Suite(.serialized, .timeLimit(.minutes(10)), .oneTerminalAtATime) struct RemoteStorefrontTerminalTests {
    @Test func aPurchaseByAnotherClientShowsInTheTerminal() async throws {
        let data = KioskProcess.temporaryDirectory("serve-remote")
        let server = try ServerProcess(dataDirectory: data)
        let admin = try KioskProcess.run(["serve", "--data-dir", data.path, "--print-admin-key"])
        let adminKey = admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try KioskProcess.run(
            ["accounts", "create", "--server", server.url.absoluteString, "--name", "ann", "--email", "ann@example.com", "--json"],
            environment: ["KIOSK_ADMIN_KEY": adminKey])
        #expect(created.status == 0, "\(created.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: String]
        let key = try #require(object?["api_key"])

        let session = try TmuxSession(["run", "--server", server.url.absoluteString, "--data-dir",
                                       KioskProcess.temporaryDirectory("remote-prefs").path],
                                      environment: ["KIOSK_TOKEN": key])
        let first = try session.waitFor(text: TmuxSession.paywallTab)
        // The terminal says which server it is on (issue 41, item 21).
        let port = try #require(server.url.port)
        #expect(first.contains("on 127.0.0.1:\(port)"), "\(first)")
        // Billing loads from the server after the launch asked where the feed ends, so once it
        // shows, a purchase from now on is news to this terminal.
        try session.sendKeys("3")
        try session.waitFor(text: "No invoices yet.")
        try session.startRecordingOutput()
        let other = Client(serverURL: server.url, transport: AsyncHTTPClientTransport(),
                           middlewares: [BearerTokenMiddleware(token: key)])
        _ = try await other.addCard(body: .json(.init(number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123")))
            .created.body.json
        _ = try await other.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        // The notice ("Bought Theme pack.") is up for five seconds: the recorded output sees it even
        // if the screen was looked at later. Curses writes only the cells that change, so the
        // words over blank cells come in separate runs.
        try session.waitForOutput("Bought")
        // The billing history reloads from the server after it.
        let screen = try session.waitFor(text: "INV-000001 Theme pack")
        #expect(!screen.contains("Can't reach the server"))

        // The server goes away: the terminal says so and keeps the billing history it shows.
        #expect(try server.terminate() == 0)
        let lost = try session.waitFor(text: "Can't reach the server at")
        #expect(lost.contains("Theme pack"), "\(lost)")
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    /// Issue 41, item 17: a refused key sat on "Loading the store…" with a notice cut off even at
    /// 160 columns. The screen says what is wrong, whole, and r retries, q quits.
    @Test func aRefusedKeyIsSaidOnAScreenThatOffersRetryAndQuit() throws {
        let server = try ServerProcess(dataDirectory: KioskProcess.temporaryDirectory("serve-refused-key"))
        defer { _ = try? server.terminate() }
        let session = try TmuxSession(["run", "--server", server.url.absoluteString, "--token", "BAD", "--data-dir",
                                       KioskProcess.temporaryDirectory("refused-key-prefs").path], width: 80, height: 24)
        let screen = try session.waitFor(text: "refused this storefront's key (401")
        #expect(!screen.contains("Loading the store"), "\(screen)")
        #expect(screen.contains("The server at \(server.url.absoluteString)"), "\(screen)")
        #expect(screen.contains("r Retry") && screen.contains("q Quit"), "\(screen)")
        try session.sendKeys("r")
        try session.waitFor(text: "refused this storefront's key (401")
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    @Test func aServerWithoutACustomerKeyIsAUsageError() throws {
        let result = try KioskProcess.run(["run", "--dump", "--server", "http://127.0.0.1:9"],
                                          environment: ["KIOSK_TOKEN": ""])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("KIOSK_TOKEN"), "\(result.stderr)")
        let bad = try KioskProcess.run(["run", "--dump", "--server", "ftp://example.com", "--token", "k"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }
}
