import PaymentsCore
import TerminalUI

/// Plays a demo script as paced cues: captions, steps, and typing one character at a time.
/// A pure state machine (no clock, no I/O), so the host decides how to wait and tests check
/// the pacing exactly.
public struct DemoPlayer: Sendable {
    public let script: DemoScript
    public let pacing: DemoPacing
    public private(set) var isPaused = false
    public private(set) var hasQuit = false
    private var chapter = 0
    private var step = 0
    private var announced = false
    private var queued: [DemoCue] = []
    /// The skipped chapter's remaining steps, applied at once and even while paused, so the
    /// chapters after it start from the state the script builds (a typed card, an invoice).
    private var fastForward: [DemoCue] = []
    /// The next step follows a caption or a chapter title: it plays with no lead, so the words
    /// change together with the screen they describe, not ahead of it.
    private var follows = false
    /// Set by a skip: the next chapter's title shows as soon as the fast-forward is done.
    private var titleDue = false
    private var random: SeededGenerator

    /// Card fields typed a character at a time through the view model, whatever the layout.
    static let typedActions: Set<String> = ["checkout.card-number", "checkout.card-expiry", "checkout.card-cvc", "checkout.card-name",
                                                  "checkout.card-postal", "checkout.promo"]

    public init(script: DemoScript, pacing: DemoPacing = DemoPacing()) {
        self.script = script
        self.pacing = pacing
        random = SeededGenerator(seed: script.scenario.seed)
    }

    /// A skip is being fast-forwarded: its cues play even while paused.
    public var hasImmediateCue: Bool { !fastForward.isEmpty || titleDue }

    public mutating func handle(_ control: DemoControl) {
        switch control {
        case .togglePause:
            isPaused.toggle()
        case .quit:
            hasQuit = true
        case .skipChapter:
            guard chapter < script.chapters.count else { return }
            fastForward += queued.map { DemoCue(delay: 0, event: $0.event) }
            queued = []
            let current = script.chapters[chapter]
            for remaining in current.steps[min(step, current.steps.count)...] {
                if case .caption = remaining.kind { continue }
                fastForward.append(DemoCue(delay: 0, event: .step(remaining)))
            }
            chapter += 1
            step = 0
            announced = false
            follows = false
            titleDue = true
        }
    }

    /// The next cue; nil when paused (after a skip has been fast-forwarded and the next chapter
    /// named), finished or quit.
    public mutating func next() -> DemoCue? {
        guard !hasQuit else { return nil }
        if !fastForward.isEmpty { return fastForward.removeFirst() }
        if titleDue {
            titleDue = false
            if chapter < script.chapters.count {
                announced = true
                follows = true
                return DemoCue(delay: 0, event: .chapter(index: chapter, caption: script.chapters[chapter].caption))
            }
        }
        guard !isPaused else { return nil }
        if !queued.isEmpty { return queued.removeFirst() }
        guard chapter < script.chapters.count else { return nil }
        let current = script.chapters[chapter]
        if !announced {
            announced = true
            follows = true
            return DemoCue(delay: chapter == 0 ? 0 : scaled(pacing.chapter), event: .chapter(index: chapter, caption: current.caption))
        }
        guard step < current.steps.count else {
            chapter += 1
            step = 0
            announced = false
            return next()
        }
        let scriptStep = current.steps[step]
        step += 1
        let lead = follows ? 0 : scaled(pacing.step)
        follows = false
        if case .caption = scriptStep.kind { follows = true }
        queued = cues(for: scriptStep, lead: lead)
        return queued.isEmpty ? next() : queued.removeFirst()
    }

    private mutating func cues(for step: ScenarioStep, lead: Double) -> [DemoCue] {
        switch step.kind {
        case let .caption(text):
            return [DemoCue(delay: lead, event: .caption(text))]
        case let .type(text):
            return typed(Array(text), lead: lead) { _, character in
                ScenarioStep(line: step.line, column: step.column, kind: .press([.character(character)]))
            }
        case let .act(action) where Self.typedActions.contains(action.name):
            let text = Array(action.argument ?? "")
            return typed(text, lead: lead) { index, _ in
                ScenarioStep(line: step.line, column: step.column,
                             kind: .act(ScenarioAction(name: action.name, argument: String(text[...index]))))
            }
        default:
            return [DemoCue(delay: lead, event: .step(step))]
        }
    }

    /// One cue per character: the first after `lead`, the rest at a person's typing speed.
    private mutating func typed(_ characters: [Character], lead: Double,
                                _ make: (Int, Character) -> ScenarioStep) -> [DemoCue] {
        characters.enumerated().map { index, character in
            let jitter = Double(random.next() % 1000) / 1000 * pacing.jitter
            let delay = index == 0 ? lead : scaled(pacing.keystroke + jitter)
            return DemoCue(delay: delay, event: .step(make(index, character)))
        }
    }

    private func scaled(_ seconds: Double) -> Double { seconds / pacing.speed }
}

/// What the demo does next and how long to wait before it (already scaled by the speed).
public struct DemoCue: Sendable {
    public var delay: Double
    public var event: DemoEvent
}

/// What a demo cue does.
public enum DemoEvent: Sendable {
    /// A chapter starts: show its caption in the banner.
    case chapter(index: Int, caption: String)
    /// A `caption` step: change the banner within the chapter.
    case caption(String)
    /// A step to run in the session (typing arrives as many small steps).
    case step(ScenarioStep)
}

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
