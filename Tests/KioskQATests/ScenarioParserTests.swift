import Foundation
import KioskQA
import PaymentsCore
import TerminalUI
import Testing

@Suite struct ScenarioParserTests {
    @Test func readsMetadataAndEveryKindOfStep() throws {
        let scenario = try QAFixtures.scenario("""
            name: everything
            tags: [a, b]
            start: 2026-03-01T00:00:00Z
            seed: 42
            size: 120x40
            customer: {name: ada, card: "4242424242424242"}
            steps:
              - press: [enter, esc, tab, up, "1", ctrl-l, f2, space]
              - type: hello
              - act: {paywall.select: pro.yearly}
              - act: checkout.submit
              - advance: P1M
              - advance: 3
              - set: {ask-to-buy: true, dropped-receipts: 2, fault: {operation: purchase, error: network_error, count: 1}}
              - webhook: deliver
              - webhook: {duplicate: last}
              - approve: three-d-secure
              - decline: ask-to-buy
              - browser: {pay: "4000000000000002"}
              - price-increase: 1299
              - use: {feature: projects, times: 2}
              - sign-in: {name: bob}
              - resize: 80x24
              - expect: {screen: paywall, subscription: {state: in-grace-period}, invoices: {count: 2, total: 999}, wallet: 5}
              - snapshot: after-purchase
              - chapter: Intro
              - caption: Hello
            """)
        #expect(scenario.name == "everything")
        #expect(scenario.tags == ["a", "b"])
        #expect(scenario.seed == 42)
        #expect(scenario.size == Size(width: 120, height: 40))
        #expect(scenario.customer == CustomerSetup(name: "ada", card: "4242424242424242"))
        #expect(scenario.steps.count == 20)
        guard case let .press(keys) = scenario.steps[0].kind else { Issue.record("not a press"); return }
        #expect(keys == [.enter, .escape, .tab, .up, .character("1"), .control("l"), .function(2), .character(" ")])
        #expect(scenario.steps[0].line == 8)
        guard case let .advance(days) = scenario.steps[5].kind else { Issue.record("not an advance"); return }
        #expect(days == ISODuration(days: 3))
        guard case let .expect(checks) = scenario.steps[16].kind else { Issue.record("not an expect"); return }
        #expect(checks.map(\.summary) == ["screen: paywall", "subscription: in-grace-period", "invoices: 2, total 999", "wallet: 5"])
    }

    @Test func reportsEveryProblemAtOnceWithItsPosition() {
        let result = ScenarioParser.parse(yaml: """
            tags: oops
            seed: -1
            steps:
              - jump: high
              - press: [enter, hyperspace]
              - act: checkout.teleport
              - act: paywall.select
              - advance: P1Q
              - expect: {wallet: lots, screen: nowhere}
              - set: {fault: {operation: purchase}}
              - snapshot: [not, a, name]
            """, file: "bad.yaml")
        guard case let .failure(errors) = result else {
            Issue.record("an invalid file was accepted")
            return
        }
        let lines = errors.description.split(separator: "\n").map(String.init)
        #expect(lines.contains("bad.yaml:2:7: error: seed must be a whole number of at least 0, found '-1'"))
        #expect(lines.contains { $0.hasPrefix("bad.yaml:4:5: error: unknown step 'jump'; steps: press, type, act") })
        #expect(lines.contains { $0.hasPrefix("bad.yaml:5:20: error: unknown key name 'hyperspace'") })
        #expect(lines.contains { $0.hasPrefix("bad.yaml:6:10: error: unknown action 'checkout.teleport'; actions: ") })
        #expect(lines.contains("bad.yaml:7:10: error: action 'paywall.select' needs an argument (product id): write {paywall.select: ...}"))
        #expect(lines.contains("bad.yaml:8:14: error: advance: \"P1Q\" is not an ISO 8601 duration (P1D, PT12H, P1M, P1Y2M3D). "
            + "Or type 1 month, 2 weeks, 36h or 1d. Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days."))
        #expect(lines.contains("bad.yaml:9:22: error: wallet must be a whole number of at least 0, found 'lots'"))
        #expect(lines.contains { $0.hasPrefix("bad.yaml:9:36: error: screen must be one of paywall, plans") })
        #expect(lines.contains("bad.yaml:10:18: error: missing field 'error' in fault"))
        #expect(lines.contains("bad.yaml:11:15: error: snapshot must be a string, found a list"))
        #expect(lines.contains { $0.hasPrefix("bad.yaml:1:1: error: missing field 'name'") })
        #expect(lines.count == 11)
    }

    @Test func rejectsACardNumberThatIsNotATestCard() {
        let result = ScenarioParser.parse(yaml: """
            name: real card
            customer: {card: "1234567812345678"}
            steps: []
            """, file: "card.yaml")
        guard case let .failure(errors) = result else {
            Issue.record("a live card number was accepted")
            return
        }
        #expect(errors.description == "card.yaml:2:18: error: card must be a known test card number (see docs/qa.md), found '1234567812345678'")
    }

    @Test func rejectsARealCardNumberInACardAction() {
        let result = ScenarioParser.parse(yaml: """
            name: real card
            steps:
              - act: {checkout.card: "4929123412341238"}
              - act: {checkout.card-number: "4242 4242 4242 4242"}
            """, file: "card.yaml")
        guard case let .failure(errors) = result else {
            Issue.record("a live card number was accepted")
            return
        }
        #expect(errors.description == "card.yaml:3:11: error: action 'checkout.card' needs a known test card number (see docs/qa.md), found '4929123412341238'")
    }

    @Test func reportsInvalidYAMLWithItsPosition() {
        guard case let .failure(errors) = ScenarioParser.parse(yaml: "name: [unclosed\nsteps: []\n", file: "broken.yaml") else {
            Issue.record("broken YAML was accepted")
            return
        }
        #expect(errors.diagnostics.count == 1)
        #expect(errors.description.hasPrefix("broken.yaml:"))
        #expect(errors.description.contains(": error: invalid YAML"))
    }

    @Test func keyNamesReadBackWhatTheyWrite() {
        let keys: [Key] = [.enter, .escape, .tab, .backTab, .up, .down, .pageUp, .end, .character("q"), .character(" "),
                           .control("l"), .function(5), .backspace]
        for key in keys {
            #expect(KeyName.name(key).flatMap(KeyName.key) == key)
        }
        #expect(KeyName.key("hyperspace") == nil)
    }
}
