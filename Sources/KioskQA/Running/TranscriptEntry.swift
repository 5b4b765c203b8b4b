/// One step as it ran: what it was and the screen after it, for `--transcript`.
public struct TranscriptEntry: Sendable, Hashable {
    public var line: Int
    public var step: String
    public var detail: String
    public var screen: String
}
