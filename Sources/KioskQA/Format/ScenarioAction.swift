/// An `act` step: a view-model action by its vocabulary name, with its argument as written.
public struct ScenarioAction: Sendable, Hashable {
    public var name: String
    public var argument: String?

    public init(name: String, argument: String? = nil) {
        self.name = name
        self.argument = argument
    }
}
