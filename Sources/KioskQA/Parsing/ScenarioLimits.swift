/// The largest (and smallest) values a scenario file may hold. The runner allocates a screen of
/// the given size, moves clocks by the given durations and loops the given counts, so a value the
/// validator accepts must be one the runner can carry out without overflowing or exhausting memory.
enum ScenarioLimits {
    /// `advance`, `webhook: {delay: …}` and `backend-unreachable-for` as a bare number of days: a
    /// century, as `DurationText` bounds the other forms.
    static let mostDays = 36_500
    /// `size` and `resize`: a terminal no wider or taller than 1000 cells…
    static let largestScreen = (width: 1_000, height: 1_000)
    /// …and no smaller than the storefront's "too small" message can be drawn in.
    static let smallestScreen = (width: 10, height: 4)
    /// Counts and amounts (`times`, `count`, `dropped-receipts`, `price-increase`, `seed`, expected
    /// counts and wallet): large enough for any test, small enough to sum without overflow.
    static let largestNumber = 1_000_000_000
    /// `use: {times: …}`: each use is a keyed write of its own (about a millisecond), so a step
    /// stays within seconds; a limit larger than this is checked by its refusal, not by counting up.
    static let mostUses = 1_000
}
