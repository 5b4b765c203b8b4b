import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookRetryScheduleTests {
    private let first = Date(timeIntervalSince1970: 1_700_000_000)
    private let schedule = WebhookRetrySchedule.dodoPayments

    @Test func hasEightAttempts() {
        #expect(schedule.maximumAttempts == 8)
    }

    @Test func dueTimesAccumulateDodoDelays() throws {
        let expectedOffsets: [TimeInterval] = [0, 5, 305, 2_105, 9_305, 27_305, 63_305, 99_305]
        for (index, offset) in expectedOffsets.enumerated() {
            #expect(try schedule.dueTime(ofAttempt: index + 1, firstAttemptAt: first) == first + offset)
        }
        #expect(try schedule.dueTime(ofAttempt: 9, firstAttemptAt: first) == nil)
    }

    @Test func retriesAfterEachOfTheFirstSevenFailures() throws {
        #expect(try schedule.decision(afterFailedAttempt: 1, firstAttemptAt: first) == .retry(attempt: 2, at: first + 5))
        #expect(try schedule.decision(afterFailedAttempt: 2, firstAttemptAt: first) == .retry(attempt: 3, at: first + 305))
        #expect(try schedule.decision(afterFailedAttempt: 3, firstAttemptAt: first) == .retry(attempt: 4, at: first + 2_105))
        #expect(try schedule.decision(afterFailedAttempt: 7, firstAttemptAt: first) == .retry(attempt: 8, at: first + 99_305))
    }

    @Test(arguments: [8, 9, Int.max])
    func givesUpAfterTheEighthAttempt(failedAttempt: Int) throws {
        #expect(try schedule.decision(afterFailedAttempt: failedAttempt, firstAttemptAt: first) == .giveUp)
    }

    @Test(arguments: [0, -1, Int.min])
    func rejectsAttemptNumbersBelowOne(attempt: Int) {
        #expect(throws: WebhookRetryScheduleError.invalidAttemptNumber(attempt)) {
            try schedule.decision(afterFailedAttempt: attempt, firstAttemptAt: first)
        }
        #expect(throws: WebhookRetryScheduleError.invalidAttemptNumber(attempt)) {
            try schedule.dueTime(ofAttempt: attempt, firstAttemptAt: first)
        }
    }

    @Test func supportsACustomSchedule() throws {
        let custom = WebhookRetrySchedule(retryDelaysInSeconds: [1, 2])
        #expect(custom.maximumAttempts == 3)
        #expect(try custom.decision(afterFailedAttempt: 2, firstAttemptAt: first) == .retry(attempt: 3, at: first + 3))
        #expect(try custom.decision(afterFailedAttempt: 3, firstAttemptAt: first) == .giveUp)
        let noRetries = WebhookRetrySchedule(retryDelaysInSeconds: [])
        #expect(try noRetries.decision(afterFailedAttempt: 1, firstAttemptAt: first) == .giveUp)
    }
}
