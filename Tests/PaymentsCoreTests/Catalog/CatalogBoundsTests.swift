import Testing
@testable import PaymentsCore

/// Issue 17, defect 2: every duration and amount in a catalog is bounded, so a catalog that
/// validates can never make the engine's date or money arithmetic overflow.
@Suite struct CatalogBoundsTests {
    private func expect(line: Int, _ text: String, at column: Int, _ message: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let diagnostic = try CatalogFixtures.single(CatalogFixtures.minimal(replacingLine: line, with: text))
        #expect(diagnostic.file == "test.yaml", sourceLocation: sourceLocation)
        #expect(diagnostic.line == line, "\(diagnostic)", sourceLocation: sourceLocation)
        #expect(diagnostic.column == column, "\(diagnostic)", sourceLocation: sourceLocation)
        #expect(diagnostic.message.contains(message), "\(diagnostic)", sourceLocation: sourceLocation)
    }

    @Test func aNineDigitYearPeriodIsALocatedError() throws {
        try expect(line: 23, "      - {id: pro.yearly, period: P999999999Y, price: 9999, prices: {EUR: 9999}}", at: 34,
                   "must be at most P100Y long, found P999999999Y")
    }

    @Test func introOfferPeriodIsBounded() throws {
        try expect(line: 22, "      - {id: pro.monthly, period: P1M, price: 999, prices: {EUR: 999}, intro: {type: free-trial, period: P36501D}}",
                   at: 106, "must be at most P100Y long, found P36501D")
    }

    @Test func featurePeriodAndIntervalAreBounded() throws {
        try expect(line: 8, "  - {id: projects, name: Projects, kind: limit, period: P999999999M}", at: 57,
                   "must be at most P100Y long, found P999999999M")
        try expect(line: 15, "    features: {projects: 3, refresh: P200Y, export: false}", at: 38,
                   "feature 'refresh' in plan 'free' must be at most P100Y long, found P200Y")
    }

    @Test func passDurationIsBounded() throws {
        try expect(line: 26, "  - {id: pass, type: non-renewing, name: Pass, price: 2999, prices: {EUR: 2999}, duration: PT999999999H, entitlement: premium}",
                   at: 92, "must be at most P100Y long, found PT999999999H")
    }

    @Test func amountsAndCountsAreBounded() throws {
        try expect(line: 23, "      - {id: pro.yearly, period: P1Y, price: 10000000000000, prices: {EUR: 9999}}", at: 46,
                   "must be at most 1000000000000, found 10000000000000")
        try expect(line: 25, "  - {id: points.500, type: consumable, name: Starter, price: 499, prices: {EUR: 499}, points: 2000000000}",
                   at: 95, "must be at most 1000000000, found 2000000000")
        try expect(line: 15, "    features: {projects: 10000000000, refresh: PT24H, export: false}", at: 26,
                   "feature 'projects' in plan 'free' must be at most 1000000000, found 10000000000")
        try expect(line: 28, "  - {code: WELCOME20, products: [pro.monthly], discount: {percent: 20}, expires: 2030-12-31T23:59:59Z, periods: 5000}",
                   at: 113, "must be at most 1000, found 5000")
    }

    @Test func theLongestAcceptedValuesStillValidate() {
        let catalog = CatalogFixtures.minimal(
            replacingLine: 23, with: "      - {id: pro.yearly, period: P100Y, price: 1000000000000, prices: {EUR: 9999}}")
        guard case let .success(loaded) = CatalogLoader.load(yaml: catalog, file: "test.yaml") else {
            Issue.record("the longest accepted values were refused")
            return
        }
        #expect(loaded.plans.flatMap(\.products).contains { $0.period == ISODuration(years: 100) })
    }
}
