import KioskAPI

extension RemoteProblem {
    /// The problem details of a `default` answer; every operation of the contract shares it.
    init(status: Int, answer: Components.Responses.Problem) throws {
        self.init(status: status, problem: try answer.body.applicationProblemJson)
    }
}
