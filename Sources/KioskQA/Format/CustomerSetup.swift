/// A customer the runner creates, attaches to the scenario's test clock and signs in.
public struct CustomerSetup: Sendable, Hashable {
    public var name: String
    /// A saved test card number (tokenized, never kept whole); nil for none.
    public var card: String?

    public init(name: String = "qa", card: String? = nil) {
        self.name = name
        self.card = card
    }
}
