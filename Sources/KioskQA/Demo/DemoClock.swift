/// How the demo waits between cues: the real terminal sleeps, tests record the waits.
public protocol DemoClock: Sendable {
    func sleep(seconds: Double) async
}
