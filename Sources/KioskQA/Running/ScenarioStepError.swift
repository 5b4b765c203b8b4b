/// A step that cannot run in the state the scenario reached.
struct ScenarioStepError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
