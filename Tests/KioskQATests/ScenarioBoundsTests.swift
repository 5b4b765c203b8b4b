import Foundation
import KioskQA
import Testing

/// Issue 17, defect 3: values the runner cannot carry out (a clock moved past the year 9999, a
/// 100000x100000 screen, a loop of a trillion uses) are refused by the validator with their
/// position instead of crashing the runner.
@Suite struct ScenarioBoundsTests {
    /// The errors for a file whose steps are `steps`, one per line from line 3.
    private func errors(_ steps: [String]) -> [String] {
        let yaml = "name: bounds\nsteps:\n" + steps.map { "  - \($0)" }.joined(separator: "\n") + "\n"
        guard case let .failure(errors) = ScenarioParser.parse(yaml: yaml, file: "bounds.yaml") else {
            Issue.record("an out-of-range file was accepted")
            return []
        }
        return errors.description.split(separator: "\n").map(String.init)
    }

    @Test func advanceIsBoundedAsADurationAndAsDays() {
        let lines = errors(["advance: P999999999Y", "advance: 4000000000000341", "advance: 36501", "advance: PT999999999H"])
        #expect(lines == [
            "bounds.yaml:3:14: error: advance: \"P999999999Y\" is longer than P100Y (100 years). Type a shorter step."
                + " Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days.",
            "bounds.yaml:4:14: error: advance must be at most 36500 days, found '4000000000000341'",
            "bounds.yaml:5:14: error: advance must be at most 36500 days, found '36501'",
            "bounds.yaml:6:14: error: advance: \"PT999999999H\" is longer than P100Y (100 years). Type a shorter step."
                + " Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days.",
        ])
    }

    @Test func webhookDelayAndUnreachableTimeAreBounded() {
        let lines = errors(["webhook: {delay: P999999999Y}", "set: {backend-unreachable-for: P101Y}"])
        #expect(lines == [
            "bounds.yaml:3:22: error: delay: \"P999999999Y\" is longer than P100Y (100 years). Type a shorter step."
                + " Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days.",
            "bounds.yaml:4:36: error: backend-unreachable-for: \"P101Y\" is longer than P100Y (100 years). Type a shorter step."
                + " Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days.",
        ])
    }

    @Test func resizeIsBoundedAboveAndBelow() {
        let lines = errors(["resize: 100000x100000", "resize: 1001x40", "resize: 9x4", "resize: 99999999999999999999x5"])
        #expect(lines == [
            "bounds.yaml:3:13: error: resize must be from 10x4 to 1000x1000, found '100000x100000'",
            "bounds.yaml:4:13: error: resize must be from 10x4 to 1000x1000, found '1001x40'",
            "bounds.yaml:5:13: error: resize must be from 10x4 to 1000x1000, found '9x4'",
            "bounds.yaml:6:13: error: resize must be from 10x4 to 1000x1000, found '99999999999999999999x5'",
        ])
        guard case let .failure(size) = ScenarioParser.parse(yaml: "name: s\nsize: 5000x20\nsteps: []\n", file: "s.yaml") else {
            Issue.record("a 5000-column screen was accepted")
            return
        }
        #expect(size.description == "s.yaml:2:7: error: size must be from 10x4 to 1000x1000, found '5000x20'")
    }

    @Test func countsAndAmountsAreBounded() {
        let lines = errors([
            "use: {feature: projects, times: 1001}",
            "price-increase: 9223372036854775807",
            "set: {dropped-receipts: 1000000001}",
            "expect: {wallet: 99999999999}",
        ])
        #expect(lines == [
            "bounds.yaml:3:37: error: times must be at most 1000, found '1001'",
            "bounds.yaml:4:21: error: price-increase (the new price in minor units) must be at most 1000000000, found '9223372036854775807'",
            "bounds.yaml:5:29: error: dropped-receipts must be at most 1000000000, found '1000000001'",
            "bounds.yaml:6:22: error: wallet must be at most 1000000000, found '99999999999'",
        ])
    }

    @Test func theLargestAcceptedValuesStillParse() throws {
        let scenario = try QAFixtures.scenario("""
            name: edges
            size: 1000x1000
            steps:
              - advance: P100Y
              - advance: 36500
              - webhook: {delay: P100Y}
              - resize: 10x4
            """)
        #expect(scenario.steps.count == 4)
    }
}
