/// Terminal-only state of the billing screen.
public struct BillingUI: Equatable, Sendable {
    /// Home or End pressed: the view model holds a window of pages, so reaching either end of a
    /// long history takes several moves, each after the page it needs has loaded.
    public var pendingJump: BillingJump?
    /// Years seen in the unfiltered history, newest first: what `y` cycles through.
    public var knownYears: [Int] = []

    public init() {}
}
