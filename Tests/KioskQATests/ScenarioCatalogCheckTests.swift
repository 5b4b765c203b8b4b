import Foundation
import KioskQA
import PaymentsCore
import Testing

/// Issue 41, item 20: every step that names a catalog id is checked against the scenario's
/// catalog before anything runs, and durations are read as the QA panel reads them.
@Suite struct ScenarioCatalogCheckTests {
    private func problems(_ steps: [String]) throws -> [String] {
        let scenario = try QAFixtures.scenario("name: ids\nsteps:\n" + steps.map { "  - \($0)" }.joined(separator: "\n") + "\n",
                                               file: "ids.yaml")
        return ScenarioCatalogCheck.problems(in: scenario, catalog: try QAFixtures.catalog()).map(\.description)
    }

    @Test func everyStepNamingAnUnknownIdIsRefusedWithItsLine() throws {
        let lines = try problems([
            "act: {paywall.select: nope.product}",
            "act: {plans.select: platinum}",
            "use: {feature: teleports, times: 2}",
            "expect: {no-entitlement: gold, subscription: {state: subscribed, product: pro.weekly}, usage: {feature: warp, used: 1}}",
        ])
        #expect(lines == [
            "ids.yaml:3:5: error: unknown product 'nope.product' (known: pro.monthly, pro.yearly, enterprise.monthly, "
                + "enterprise.yearly, points.500, points.1000, points.5000, themes.lifetime, season.pass)",
            "ids.yaml:4:5: error: unknown plan 'platinum' (known: free, pro, enterprise)",
            "ids.yaml:5:5: error: unknown feature 'teleports' (known: projects, exports, seats, storage, refresh, backup, "
                + "export, api, support)",
            "ids.yaml:6:14: error: unknown entitlement 'gold' (known: premium, enterprise, themes)",
            "ids.yaml:6:36: error: unknown product 'pro.weekly' (known: pro.monthly, pro.yearly, enterprise.monthly, "
                + "enterprise.yearly, points.500, points.1000, points.5000, themes.lifetime, season.pass)",
            "ids.yaml:6:92: error: unknown feature 'warp' (known: projects, exports, seats, storage, refresh, backup, "
                + "export, api, support)",
        ])
    }

    @Test func knownIdsAndOfferCodesPass() throws {
        let lines = try problems([
            "act: {paywall.select: themes.lifetime}",
            "act: {plans.select: enterprise}",
            "act: {checkout.promo: NOT-A-CODE}",
            "use: projects",
            "expect: {entitlement: themes, subscription: {state: subscribed, product: pro.yearly}, usage: {feature: projects, used: 1}}",
        ])
        #expect(lines.isEmpty)
    }

    @Test func theLoaderRefusesAFileWithAnUnknownIdAndKeepsTheRest() throws {
        let folder = try QAFixtures.scratch("catalog-check")
        try Data("name: bad\nsteps:\n  - act: {paywall.select: nope.product}\n".utf8)
            .write(to: folder.appendingPathComponent("bad.yaml"))
        try Data("name: good\nsteps:\n  - act: {paywall.select: pro.yearly}\n".utf8)
            .write(to: folder.appendingPathComponent("good.yaml"))
        let loaded = ScenarioLoader.load([folder.path], defaultCatalog: try QAFixtures.catalogURL())
        #expect(loaded.scenarios.map(\.name) == ["good"])
        #expect(loaded.errors.map(\.description).first?.hasPrefix("\(folder.path)/bad.yaml:3:5: error: unknown product 'nope.product'") == true)
    }

    @Test func theBuiltInLibraryNamesOnlyIdsItsCatalogHas() throws {
        let loaded = ScenarioLoader.load([try KioskResourcesFlows.url().path], defaultCatalog: try QAFixtures.catalogURL())
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(loaded.scenarios.count >= 30)
    }

    @Test func durationsReadAsTheQAPanelReadsThem() throws {
        let scenario = try QAFixtures.scenario("""
            name: durations
            steps:
              - advance: 1 month
              - advance: 36h
              - advance: 2 weeks
              - advance: p1d
              - webhook: {delay: 90 min}
              - set: {backend-unreachable-for: 1d 12h}
            """)
        let durations: [ISODuration] = scenario.steps.compactMap {
            switch $0.kind {
            case let .advance(duration): duration
            case let .webhook(.delay(_, duration)): duration
            case let .set(changes):
                if case let .backendUnreachableFor(duration)? = changes.first { duration } else { nil }
            default: nil
            }
        }
        #expect(durations == [ISODuration(months: 1), ISODuration(hours: 36), ISODuration(weeks: 2), ISODuration(days: 1),
                              ISODuration(minutes: 90), ISODuration(days: 1, hours: 12)])
        guard case let .failure(errors) = ScenarioParser.parse(yaml: "name: m\nsteps:\n  - advance: 5m\n", file: "m.yaml") else {
            Issue.record("an ambiguous duration was accepted")
            return
        }
        #expect(errors.description == "m.yaml:3:14: error: advance: \"5m\" could be minutes or months: type 5min or 5mo. "
            + "Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days.")
    }
}
