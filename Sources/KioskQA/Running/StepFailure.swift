/// Why a scenario stopped: where, what was expected, what was found, and the screen then.
public struct StepFailure: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var step: String
    public var expected: String
    public var actual: String
    public var screen: String

    /// `flows/x.yaml:12:5: expect subscription: subscribed` and the rest on following lines.
    public var report: String {
        """
        \(file):\(line):\(column): \(step) failed
          expected: \(expected)
          actual:   \(actual)
          screen:
        \(screen.split(separator: "\n", omittingEmptySubsequences: false).map { "    | " + $0 }.joined(separator: "\n"))
        """
    }
}
