/// What the demo does next and how long to wait before it (already scaled by the speed).
public struct DemoCue: Sendable {
    public var delay: Double
    public var event: DemoEvent
}
