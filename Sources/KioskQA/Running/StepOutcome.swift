/// What running one step found.
enum StepOutcome {
    case passed(detail: String)
    case failed(expected: String, actual: String, line: Int, column: Int)
}
