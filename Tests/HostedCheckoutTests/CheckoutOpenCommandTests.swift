import Foundation
import PaymentsCore
import TestSupport
import Testing
import Simulators

/// `kiosk checkout open` as a person uses it: the built binary prints the URL, the test plays the
/// browser, and the command reports the payment only once the server confirms it.
@Suite struct CheckoutOpenCommandTests {
    private static var binary: URL { Bundle.main.bundleURL.appendingPathComponent("kiosk") }

    private func run(_ product: String, account: String, directory: URL, options: [String] = [],
                     browser: @Sendable (String) async throws -> Void) async throws -> (Int32, String, String) {
        let child = try ChildProcess(Self.binary.path, ["checkout", "open", product, "--account", account,
                                                        "--data-dir", directory.path, "--timeout", "120"] + options,
                                     environment: ProcessInfo.processInfo.environment,
                                     standardOutput: .pipe, standardError: .pipe)
        // The URL line is written unbuffered, before the command waits for the payment.
        let first = try child.standardOutput!.readFirstLine()
        try await browser(first)
        let rest = try child.standardOutput!.readToEnd()
        let stderr = try child.standardError!.readToEnd()
        return (try child.wait().status, first + String(decoding: rest, as: UTF8.self),
                String(decoding: stderr, as: UTF8.self))
    }

    private func store() async throws -> (URL, Account) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-open-\(UUID().uuidString)")
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory),
                                               catalog: HostedCheckoutFixture.catalog, clock: SystemClock(),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        return (directory, try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada")))
    }

    @Test func aPaidCheckoutExitsZeroWithThePayment() async throws {
        let (directory, account) = try await store()
        let (status, stdout, stderr) = try await run("points.500", account: account.id, directory: directory) { line in
            let prefix = "Open this URL in your browser to pay: "
            #expect(line.hasPrefix(prefix))
            let url = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespacesAndNewlines)
            let paid = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242"))
            let location = try #require(paid.location)
            #expect(try await Browser.get(location).body.contains("You can return to your terminal."))
        }
        #expect(status == 0, "stderr: \(stderr)")
        #expect(stdout.contains("paid: Starter"))
    }

    @Test func aCancelledCheckoutExitsOne() async throws {
        let (directory, account) = try await store()
        let (status, stdout, _) = try await run("points.500", account: account.id, directory: directory) { line in
            let url = String(line.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let cancelled = try await Browser.post(url + "/cancel")
            _ = try await Browser.get(try #require(cancelled.location))
        }
        #expect(status == 1)
        #expect(stdout.contains("not paid: the checkout was cancelled or expired"))
    }

    /// Issue 13: the promo code given to `checkout open` is on the page and in the charge.
    @Test func aPromoCodeIsShownOnThePageAndCharged() async throws {
        let (directory, account) = try await store()
        let (status, stdout, stderr) = try await run("points.5000", account: account.id, directory: directory,
                                                     options: ["--offer-code", "save5"]) { line in
            let url = String(line.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let page = try await Browser.get(url)
            #expect(page.body.contains("Promo code SAVE5"))
            #expect(page.body.contains("Due today: $34.99"))
            let paid = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242"))
            _ = try await Browser.get(try #require(paid.location))
        }
        #expect(status == 0, "stderr: \(stderr)")
        #expect(stdout.contains("paid: Mega points"))
    }

    @Test func aPromoCodeThatDoesNotApplyIsRefusedBeforeTheBrowserOpens() async throws {
        let (directory, account) = try await store()
        let (status, stdout, stderr) = try await run("points.500", account: account.id, directory: directory,
                                                     options: ["--offer-code", "WELCOME20"]) { _ in }
        #expect(status == 64)
        #expect(!stdout.contains("Open this URL"))
        #expect(stderr.contains("The code WELCOME20 does not apply to this product."))
    }

    @Test func anUnknownProductIsAUsageError() async throws {
        let (directory, account) = try await store()
        let (status, _, stderr) = try await run("no.such.product", account: account.id, directory: directory) { _ in }
        #expect(status == 64)
        #expect(stderr.contains("No product no.such.product in the catalog."))
    }
}
