import Foundation
import Testing
import TestSupport

/// The storefront over SSH as a customer meets it: the real OpenSSH client in a real terminal
/// (tmux), a key the server has never seen, the paywall, `q`, and the terminal given back.
@Suite(.serialized, .oneTerminalAtATime) struct SSHStorefrontTerminalTests {
    static var hasOpenSSH: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh") && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")
    }

    @Test(.enabled(if: hasOpenSSH))
    func aNewKeyGetsTheStorefrontOverOpenSSHAndQuitsCleanly() throws {
        let directory = KioskProcess.temporaryDirectory("ssh-terminal")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = try Self.newKey(in: directory)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("store"),
                                       arguments: ["--ssh-port", "0"])
        defer { _ = try? server.terminate() }
        let port = try server.sshPort()

        let session = try TmuxSession(["-tt"] + Self.sshOptions(port: port, key: key) + ["127.0.0.1"],
                                      executable: "/usr/bin/ssh", environment: ["TERM": "xterm-256color"], width: 80, height: 24)
        let screen = try session.waitFor(text: "Kiosk Demo Store")
        #expect(screen.contains("1 Store"))
        #expect(screen.contains("q Quit"))
        try session.sendKeys("q")
        // The pane prints EXITED, then the terminal's modes on the next line: wait for both.
        let ended = try session.waitFor("the exit status and the terminal modes") { $0.contains("EXITED") && $0.contains("TTY") }
        #expect(ended.contains("EXITED 0"), "\(ended)")
        #expect(ended.contains("TTY icanon echo"), "the local terminal is given back: \(ended)")
    }

    /// A new key buys with the test card over OpenSSH; a second connection with the same key
    /// (the same customer) lists the invoice, and the API shows it to that account's API key.
    @Test(.enabled(if: hasOpenSSH))
    func aNewKeyBuysWithACardAndTheInvoiceIsItsOwn() async throws {
        let (key, store, adminKey) = try Self.keyAndStore("ssh-buy")
        let server = try ServerProcess(dataDirectory: store, arguments: ["--ssh-port", "0"])
        defer { _ = try? server.terminate() }
        let port = try server.sshPort()
        let session = try TmuxSession(["-tt"] + Self.sshOptions(port: port, key: key) + ["127.0.0.1"],
                                      executable: "/usr/bin/ssh", environment: ["TERM": "xterm-256color"], width: 80, height: 24)
        let checkout = try session.openCheckout(to: "Value points (1000 points)")
        #expect(checkout.contains("Total due today $8.99"), "\(checkout)")
        // Without --public-url the page's link would name the server's loopback: no browser option, and why.
        #expect(checkout.contains("No browser checkout: no public URL for its"), "\(checkout)")
        #expect(checkout.contains("page (--public-url)."), "\(checkout)")
        #expect(!checkout.contains("Pay in browser"), "\(checkout)")
        // A key has no email: the first purchase asks for one, for receipts, above the card.
        #expect(checkout.contains("Your email, for receipts (asked once)"), "\(checkout)")
        try session.moveFocus("BTab", to: "▸ Email")
        try session.type("ann@example.com")
        try session.moveFocus("Tab", to: "▸ Card number")
        try session.enter(.succeeds)
        let receipt = try session.press("Enter", thenWaitFor: "Payment successful")
        let invoiceLine = try #require(TmuxSession.line(containing: "Invoice ", in: receipt), "\(receipt)")
        let invoice = try #require(invoiceLine.firstMatch(of: /INV-\d+/).map { String($0.output) }, "\(receipt)")
        try session.sendKeys("q")
        try await Self.expectPaid(invoice, minorUnits: "899", sshPort: port, key: key, server: server, adminKey: adminKey)
    }

    /// Issue 36, `--public-url`: the browser checkout over SSH. The link is an OSC 8 hyperlink to
    /// the public address, beside a QR code; a browser there (a tunnel forwards it to the checkout
    /// port) pays on the page, whose forms are held to the page's own origin, and the terminal
    /// shows the purchase, which is the key's account's through the API.
    @Test(.enabled(if: hasOpenSSH && PublicAddressBrowser.hasCurl))
    func aBrowserAtThePublicURLPaysForTheTerminal() async throws {
        let (key, store, adminKey) = try Self.keyAndStore("ssh-browser")
        let checkoutPort = try PublicURLServeTests.freePort()
        let publicURL = "http://shop.test:\(checkoutPort)"
        let server = try ServerProcess(dataDirectory: store, arguments: ["--ssh-port", "0", "--public-url", publicURL])
        defer { _ = try? server.terminate() }
        let port = try server.sshPort()
        // Tall enough for the QR code.
        let session = try TmuxSession(["-tt"] + Self.sshOptions(port: port, key: key) + ["127.0.0.1"],
                                      executable: "/usr/bin/ssh", environment: ["TERM": "xterm-256color"], width: 120, height: 50)
        let checkout = try session.openCheckout(to: "Value points (1000 points)")
        #expect(!checkout.contains("No browser checkout"), "\(checkout)")
        try session.moveFocus("BTab", to: "▸ Email")
        try session.type("ann@example.com")
        try session.press("Tab", thenWaitFor: "Enter Choose")
        try session.press("Down", thenWaitFor: "(x) Store account")
        try session.press("Down", thenWaitFor: "(x) Pay in browser")
        try session.press("Enter", thenWaitFor: "▸[ Continue in browser ]")
        try session.startRecordingOutput()
        let waiting = try session.press("Enter", thenWaitFor: "Finish paying in your browser")
        let link = try session.waitForOutput("an OSC 8 hyperlink", Self.hyperlink)
        #expect(link.hasPrefix("\(publicURL)/checkout/"), "\(link)")
        #expect(waiting.contains("Checkout link") && waiting.contains(link), "\(waiting)")
        #expect(["█", "▀", "▄"].contains { waiting.contains($0) } && !waiting.contains("no QR code"), "a QR code: \(waiting)")

        let browser = PublicAddressBrowser(authority: "shop.test:\(checkoutPort)")
        let page = try browser.get(link)
        #expect(page.status == 200, "\(page.body)")
        let card = [("number", "4242424242424242"), ("expiry", "12/34"), ("cvc", "123"), ("name", "Ann Lovelace"),
                    ("csrf", try #require(page.formToken, "\(page.body)"))]
        // The same form sent from another site is refused, before anything is charged.
        let forged = try browser.post(link + "/pay", form: card, fromPage: "http://evil.test/", origin: "http://evil.test")
        #expect(forged.status == 403, "\(forged.body)")
        let paid = try browser.post(link + "/pay", form: card, fromPage: link, origin: publicURL)
        #expect(paid.status == 303, "\(paid.body)")
        let finished = try #require(paid.location)
        #expect(finished.hasPrefix("\(publicURL)/checkout/finished"), "\(finished)")
        let back = try browser.get(finished)
        #expect(back.status == 200 && back.body.contains("Go back to your terminal"), "\(back.body)")

        let receipt = try session.waitFor(text: "Payment successful")
        let invoiceLine = try #require(TmuxSession.line(containing: "Invoice ", in: receipt), "\(receipt)")
        let invoice = try #require(invoiceLine.firstMatch(of: /INV-\d+/).map { String($0.output) }, "\(receipt)")
        try session.sendKeys("q")
        try await Self.expectPaid(invoice, minorUnits: "899", sshPort: port, key: key, server: server, adminKey: adminKey)
    }

    /// The first OSC 8 hyperlink's address in a terminal's output (`ESC ] 8 ; ; URL ESC \`).
    static func hyperlink(in output: String) -> String? {
        output.components(separatedBy: "\u{1B}]8;;").dropFirst().lazy
            .compactMap { piece in piece.range(of: "\u{1B}\\").map { String(piece[..<$0.lowerBound]) } }
            .first { !$0.isEmpty }
    }

    /// `invoice` is paid and the SSH key's own: `invoices --json` over SSH lists it, and through
    /// the API the admin gives the key's account an API key, which reads it paid and the email
    /// given at the first purchase.
    static func expectPaid(_ invoice: String, minorUnits: String, sshPort: Int, key: URL, server: ServerProcess,
                           adminKey: String) async throws {
        let listed = try ChildProcess.run(["ssh"] + sshOptions(port: sshPort, key: key) + ["127.0.0.1", "invoices --json"],
                                          environment: ProcessInfo.processInfo.environment)
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains(invoice), "\(listed.output)")
        #expect(listed.output.contains(minorUnits), "the charge in minor units: \(listed.output)")
        let invoices = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let accountID = try #require(invoices.first { $0["id"] as? String == invoice }?["accountID"] as? String)
        let rotated = try await DatabaseOutageTests.send("POST", server.url.appendingPathComponent("v1/admin/accounts/\(accountID)/key"),
                                                         key: adminKey)
        #expect(rotated.status == 201, "\(rotated.body)")
        let apiKey = try #require((try JSONSerialization.jsonObject(with: Data(rotated.body.utf8)) as? [String: Any])?["api_key"] as? String)
        let read = try await DatabaseOutageTests.send("GET", server.url.appendingPathComponent("v1/invoices/\(invoice)"), key: apiKey)
        #expect(read.status == 200, "\(read.body)")
        #expect(read.body.contains(invoice) && read.body.contains("paid"), "\(read.body)")
        let customer = try await DatabaseOutageTests.send("GET", server.url.appendingPathComponent("v1/customer"), key: apiKey)
        #expect(customer.body.contains("ann@example.com"), "the email given at the first purchase: \(customer.body)")
    }

    /// `--ssh-demo`: a visitor gets the seeded store as its first customer with the QA panel,
    /// buys there, and a second connection made meanwhile (even with the same key) has a store
    /// of its own without that purchase.
    @Test(.enabled(if: hasOpenSSH))
    func aDemoVisitorBuysInAStoreOfTheirOwn() throws {
        let directory = KioskProcess.temporaryDirectory("ssh-demo")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = try Self.newKey(in: directory)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("store"),
                                       arguments: ["--ssh-port", "0", "--ssh-demo"])
        defer { _ = try? server.terminate() }
        let port = try server.sshPort()
        let arguments = ["-tt"] + Self.sshOptions(port: port, key: key) + ["127.0.0.1"]

        let first = try TmuxSession(arguments, executable: "/usr/bin/ssh", environment: ["TERM": "xterm-256color"],
                                    width: 80, height: 24)
        try first.waitFor(text: TmuxSession.paywallLoaded)
        // The seeded store's first customer, with the QA panel and its test clock.
        let account = try first.press("4", thenWaitFor: "@seed.kiosk.test")
        #expect(account.contains("QA panel"), "\(account)")
        try first.moveFocus("Down", to: "▸ QA panel")
        let panel = try first.press("Enter", thenWaitFor: "Test clock")
        #expect(panel.contains("Advance by"), "\(panel)")
        try first.press("1", thenWaitFor: TmuxSession.paywallTab)
        try first.select("Value points (1000 points)")
        // The seeded customer has a saved card: the checkout opens on its Pay button.
        try first.press("Enter", thenWaitFor: "▸[ Pay $8.99 today with")
        let receipt = try first.press("Enter", thenWaitFor: "Payment successful")
        let invoiceLine = try #require(TmuxSession.line(containing: "Invoice ", in: receipt), "\(receipt)")
        let invoice = try #require(invoiceLine.firstMatch(of: /INV-\d+/).map { String($0.output) }, "\(receipt)")
        try first.press("Enter", thenWaitFor: TmuxSession.paywallLoaded)
        try first.press("3", thenWaitFor: invoice)

        let second = try TmuxSession(arguments, executable: "/usr/bin/ssh", environment: ["TERM": "xterm-256color"],
                                     width: 80, height: 24)
        try second.waitFor(text: TmuxSession.paywallLoaded)
        let billing = try second.press("3", thenWaitFor: "No invoices yet.")
        #expect(!billing.contains(invoice), "\(billing)")
        for session in [second, first] {
            try session.sendKeys("q")
            let ended = try session.waitFor("the exit status and the terminal modes") { $0.contains("EXITED") && $0.contains("TTY") }
            #expect(ended.contains("EXITED 0"), "\(ended)")
        }
    }

    /// swift-nio-ssh cannot verify RSA keys: OpenSSH with only one asks for a password (the
    /// only other method the server lists), and whatever is typed leads to the key to make.
    @Test(.enabled(if: hasOpenSSH))
    func anRSAOnlyClientIsToldToMakeAnEd25519Key() throws {
        let directory = KioskProcess.temporaryDirectory("ssh-rsa")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = try Self.newKey(in: directory, type: ["rsa", "-b", "2048"])
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("store"), arguments: ["--ssh-port", "0"])
        defer { _ = try? server.terminate() }
        let port = try server.sshPort()
        let session = try TmuxSession(["-tt"] + Self.sshOptions(port: port, key: key, batch: false) + ["127.0.0.1"],
                                      executable: "/usr/bin/ssh",
                                      environment: ["TERM": "xterm-256color"], width: 100, height: 24)
        try session.waitFor(text: "password:")
        let told = try session.press("Enter", thenWaitFor: "ssh-keygen -t ed25519")
        #expect(told.contains("RSA keys are not supported"), "\(told)")
        let ended = try session.waitFor("the exit status") { $0.contains("EXITED") }
        #expect(ended.contains("EXITED 1"), "\(ended)")
    }

    /// A scratch directory with a new ed25519 key, and the path and admin key of a store in it.
    static func keyAndStore(_ name: String) throws -> (key: URL, store: URL, adminKey: String) {
        let directory = KioskProcess.temporaryDirectory(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("store")
        let admin = try KioskProcess.run(["serve", "--data-dir", store.path, "--print-admin-key"])
        return (try newKey(in: directory), store, admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A new key without a passphrase, `ssh-keygen -t TYPE`.
    static func newKey(in directory: URL, type: [String] = ["ed25519"]) throws -> URL {
        let key = directory.appendingPathComponent("id_\(type[0])")
        let made = try ChildProcess.run(["ssh-keygen", "-q", "-t"] + type + ["-N", "", "-C", "ann", "-f", key.path],
                                        environment: ProcessInfo.processInfo.environment)
        guard made.status == 0 else { throw TmuxSession.Failure(description: "ssh-keygen exited \(made.status): \(made.output)") }
        return key
    }

    /// `batch`: never prompt (a refused key fails at once instead of asking for a password).
    static func sshOptions(port: Int, key: URL, batch: Bool = true) -> [String] {
        ["-p", "\(port)", "-i", key.path, "-l", "ann", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=\(batch ? "yes" : "no")",
         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-F", "/dev/null"]
    }
}
