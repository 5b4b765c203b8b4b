import Foundation
import KioskScreens
import PaymentsCore

/// `kiosk qa run --asciicast DIR`: one scenario's screens, the one it starts on and the one after
/// each step, as an asciicast.
///
/// The times follow the scenario's own clock, not the wall clock: each step takes a beat, plus the
/// time the scenario's clock moved during it, capped, so `advance: P1M` shows as a pause rather
/// than a month of stillness. The same scenario always records the same file.
@MainActor
struct ScenarioAsciicast {
    /// Seconds each step takes in the recording.
    static let beat = 0.5
    /// Longest pause the scenario's clock moving adds to one step.
    static let longestPause = 2.0

    private var recording: AsciicastRecording
    private let context: RenderContext
    private var clockTime: Date
    private var seconds = 0.0

    init(session: ScenarioSession, context: RenderContext) {
        self.context = context
        let frame = AppView.render(session.state, context: context)
        recording = AsciicastRecording(size: frame.buffer.size, colorLevel: context.colorLevel, timestamp: session.scenario.start)
        clockTime = session.clock.now
        recording.add(frame, at: 0)
    }

    mutating func addStep(_ session: ScenarioSession) {
        let now = session.clock.now
        seconds += Self.beat + min(max(now.timeIntervalSince(clockTime), 0), Self.longestPause)
        clockTime = now
        recording.add(AppView.render(session.state, context: context), at: seconds)
    }

    var text: String { recording.text }
}
