@testable import KioskServer
import PaymentsCore
import Testing

/// A write given up after its conflict retries answers 503 with its own type, which says the
/// request changed nothing and may be sent again, not the 500 of a storage failure.
@Suite struct BusyProblemTests {
    @Test func busyIsAServiceUnavailableProblemOfItsOwnKind() {
        let problem = Problem(PaymentsError.busy("the transaction kept conflicting with others (40001)"))
        #expect(problem.status == .serviceUnavailable)
        #expect(problem.type == "https://kiosk.dev/problems/busy")
        #expect(problem.detail == "The store is busy with other requests and changed nothing; try again.")
        #expect(Problem(PaymentsError.storage("disk full")) == .internalError)
    }
}
