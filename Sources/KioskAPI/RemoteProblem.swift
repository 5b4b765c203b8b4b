/// A problem details answer from a Kiosk server, as a client sees it.
public struct RemoteProblem: Error, Sendable, CustomStringConvertible {
    public let status: Int
    public let problem: Components.Schemas.Problem

    public init(status: Int, problem: Components.Schemas.Problem) {
        self.status = status
        self.problem = problem
    }

    public var description: String {
        "\(status) \(problem.title)" + (problem.detail.map { ": \($0)" } ?? "")
    }
}
