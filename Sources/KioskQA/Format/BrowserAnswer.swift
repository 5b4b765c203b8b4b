/// A `browser` step: what the customer does on the hosted checkout page the next time the app
/// waits for it. The runner's in-process checkout page stands in for the browser.
public enum BrowserAnswer: Sendable, Hashable {
    /// Pays with this test card number.
    case pay(card: String)
    /// Presses the page's cancel link.
    case cancel
    /// Closes the tab: the app keeps waiting until the customer gives up or the session expires.
    case abandon
}
