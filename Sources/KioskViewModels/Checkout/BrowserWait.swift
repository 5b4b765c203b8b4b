/// Names one checkout's wait for the browser, so giving up on the browser, or leaving that
/// checkout, stops the wait without touching another checkout's.
struct BrowserWait: Hashable, Sendable {
    let checkoutSessionID: String
}
