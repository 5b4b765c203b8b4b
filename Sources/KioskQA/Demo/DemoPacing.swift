/// How fast the demo goes: a person types a few characters a second and pauses to read.
public struct DemoPacing: Sendable {
    /// Seconds per typed character, before jitter.
    public var keystroke: Double = 0.09
    /// Extra time, at most, added to a keystroke so typing does not look mechanical.
    public var jitter: Double = 0.06
    /// Seconds before each step that is not typing.
    public var step: Double = 0.9
    /// Seconds to read a chapter's caption before its first step.
    public var chapter: Double = 2.5
    /// Multiplies the pace: 2 plays twice as fast.
    public var speed: Double = 1

    public init(speed: Double = 1) {
        self.speed = max(0.05, speed)
    }
}
