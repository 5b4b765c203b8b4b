import PaymentsCore

/// The QA engineer's panel: the test clock, the store's controls and faults, the inbox of
/// pending actions, the event log and the subscription's status in every provider's words.
public struct QAPanelState: Equatable, Sendable {
    /// The signed-in account's test clock; nil when it lives in real time.
    public var clock: TestClock?
    /// As typed: "P1M", "PT12H".
    public var durationText = ""
    public var clockError: ClockAdvanceInputError?
    /// "Advanced to Feb 1, 2026 at 00:00 UTC: 1 renewal, 0 failed." after an advance.
    public var clockMessage: String?
    public var isAdvancing = false
    public var controls: StoreControls?
    public var isUpdatingControls = false
    /// Why the last control change failed.
    public var controlsError: ScreenError?
    public var pendingActions: [PendingAction] = []
    /// The pending action being answered, so a second key press does not answer twice.
    public var resolvingID: String?
    public var inboxMessage: String?
    public var events = PagedList<StoreEvent, Int64>()
    public var vocabulary: SubscriptionStatusVocabulary?
    /// Webhook deliveries of the hosted-checkout provider, with replay and duplicate.
    public var webhooks: [WebhookDelivery] = []
    public var webhookMessage: String?

    public init() {}

    /// Page size of the event log.
    public static let eventPageSize = 20
}

/// Why the QA panel could not advance the test clock from what was typed.
public enum ClockAdvanceInputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notADuration(DurationTextError)
    case noTestClock
    case tooFar(String)

    public var description: String {
        switch self {
        case let .notADuration(error):
            error.description
        case .noTestClock:
            "This account lives in real time. Attach it to a test clock (the button below) to move time."
        case let .tooFar(text):
            "\"\(text)\" is longer than \(ISODuration.longestAccepted). Move the clock by a shorter step."
        }
    }
}
