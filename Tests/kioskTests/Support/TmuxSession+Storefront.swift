import Foundation
import Testing
import Simulators

/// The steps a person takes in the storefront, for the real-terminal journeys: each one presses
/// keys and then waits for the screen to show that the key was taken, so the next key never
/// races the last one's redraw.
extension TmuxSession {
    /// The selected first tab: the storefront is up and showing the paywall.
    static let paywallTab = "▸1 Store"

    /// A Stripe test card and the other fields a new user types with it.
    struct TestCard {
        var number: String
        /// Digits only: the field writes the slash itself.
        var expiry = "1234"
        var cvc = "123"
        var name = "Lovelace"
        var postalCode = "94107"

        static let succeeds = TestCard(number: "4242424242424242")
        static let declines = TestCard(number: "4000000000000002")
    }

    /// Types `text` one character at a time, as a person does, waiting after each for the
    /// screen to change (every accepted character redraws its field). A space changes nothing
    /// visible until the next character, so `text` has none.
    func type(_ text: String) throws {
        for character in text {
            let before = try capture()
            try sendKeys("-l", String(character))
            try waitFor("the screen to take \"\(character)\" of \"\(text)\"") { $0 != before }
        }
    }

    /// Presses `key` and waits for `text`: the key was taken when the screen shows its result.
    @discardableResult
    func press(_ key: String, thenWaitFor text: String) throws -> String {
        try sendKeys(key)
        return try waitFor(text: text)
    }

    /// Presses `key` (Tab or BTab) until the focus marker is on `marker`, one key at a time.
    func moveFocus(_ key: String, to marker: String) throws {
        for _ in 0..<Self.attempts where try !capture().contains(marker) {
            let before = try capture()
            try sendKeys(key)
            _ = try? waitFor(timeout: .seconds(5), "the focus to move") { $0 != before }
        }
        _ = try waitFor(text: marker)
    }

    /// Gets a brand-new user to the loaded paywall. A fresh data directory may have nobody
    /// signed in (the paywall then says so): the user creates an account the way the screens
    /// offer, Settings (4), Tab to "Create account", name and email, Enter, back to the Store (1).
    @discardableResult
    func reachPaywallAsNewUser() throws -> String {
        let first = try waitFor("the paywall or its sign-in message") {
            $0.contains(Self.paywallLoaded) || $0.contains(Self.signInFirst)
        }
        guard first.contains(Self.signInFirst) else { return first }
        try press("4", thenWaitFor: "[ Create account ]")
        try press("Tab", thenWaitFor: "Enter Create account")
        try press("Enter", thenWaitFor: "▸ Name")
        try type("Ada")
        try press("Tab", thenWaitFor: "▸ Email")
        try type("ada@example.com")
        try press("Enter", thenWaitFor: "Created Ada and signed in.")
        return try press("1", thenWaitFor: Self.paywallLoaded)
    }

    /// The paywall's hint bar once its packages are loaded for the signed-in account (before
    /// that, the packages can show while Enter has nothing to do yet).
    static let paywallLoaded = "r Restore"
    private static let signInFirst = "Sign in to an account first."

    /// Reaches the loaded paywall, moves the selection down to `package` and opens its checkout
    /// on the card number field. Right after a new user signs in, the paywall loads again and
    /// may drop a key pressed meanwhile or put the selection back (reported as a bug), so each
    /// key is pressed again until its result shows.
    @discardableResult
    func openCheckout(to package: String) throws -> String {
        try select(package)
        for _ in 0..<Self.attempts {
            try sendKeys("Enter")
            if let checkout = try? waitFor(text: "▸ Card number", timeout: .seconds(10)) { return checkout }
        }
        return try waitFor(text: "▸ Card number")
    }

    /// Reaches the loaded paywall and moves the selection down to `package`.
    @discardableResult
    func select(_ package: String) throws -> String {
        try reachPaywallAsNewUser()
        let marker = "▸ \(package) "
        for _ in 0..<Self.attempts where try !capture().contains(marker) {
            let before = try capture()
            try sendKeys("Down")
            _ = try? waitFor(timeout: .seconds(5), "the selection to move") { $0 != before }
        }
        return try waitFor(text: marker)
    }

    private static let attempts = 12

    /// Fills the card form from the focused card number field, Tab by Tab.
    func enter(_ card: TestCard) throws {
        try type(card.number)
        try press("Tab", thenWaitFor: "▸ Expiry MM/YY")
        try type(card.expiry)
        try press("Tab", thenWaitFor: "▸ CVC")
        try type(card.cvc)
        try press("Tab", thenWaitFor: "▸ Name on card")
        try type(card.name)
        try press("Tab", thenWaitFor: "▸ Postal code")
        try type(card.postalCode)
    }

    /// After kiosk ended: the exit status, the terminal back in cooked mode, the storefront gone
    /// (curses left the alternate screen).
    func expectRestored(status: Int) throws {
        let screen = try waitFor(text: "TTY ")
        #expect(screen.contains("EXITED \(status)"), "\(screen)")
        #expect(screen.contains("TTY icanon echo"), "\(screen)")
        #expect(!screen.contains(Self.paywallTab), "\(screen)")
    }

    /// The screen line that contains `text`, for checking what else that row shows.
    static func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }
}
