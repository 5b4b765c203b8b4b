import Testing
@testable import PaymentsCore

/// One test per kind of problem, each pinned to its exact position in `CatalogFixtures.minimal`.
@Suite struct CatalogDiagnosticTests {
    private func expect(_ diagnostic: CatalogDiagnostic, at line: Int, _ column: Int, _ message: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(diagnostic.line == line, "\(diagnostic)", sourceLocation: sourceLocation)
        #expect(diagnostic.column == column, "\(diagnostic)", sourceLocation: sourceLocation)
        #expect(diagnostic.message.contains(message), "\(diagnostic)", sourceLocation: sourceLocation)
    }

    private func single(line: Int, _ text: String) throws -> CatalogDiagnostic {
        try CatalogFixtures.single(CatalogFixtures.minimal(replacingLine: line, with: text))
    }

    @Test func descriptionIsCompilerStyle() {
        let diagnostic = CatalogDiagnostic(file: "shop.yaml", line: 3, column: 7, message: "bad")
        #expect(diagnostic.description == "shop.yaml:3:7: error: bad")
    }

    @Test func yamlSyntaxErrorCarriesYamsPosition() throws {
        let diagnostic = try single(line: 13, "    name: Free: x")
        expect(diagnostic, at: 13, 15, "invalid YAML: mapping values are not allowed")
        #expect(diagnostic.file == "test.yaml")
    }

    @Test func wrongType() throws {
        expect(try single(line: 14, "    rank: high"), at: 14, 11,
               "'rank' in plan 'free' must be an integer, found 'high'")
        let offerCodesAsMapping = CatalogFixtures.minimal(replacingLine: 28, with: "")
            .replacingOccurrences(of: "offer-codes:", with: "offer-codes: {code: WELCOME20}")
        expect(try CatalogFixtures.single(offerCodesAsMapping), at: 27, 14, "'offer-codes' must be a list, found a mapping")
    }

    @Test func unknownKeyListsTheAllowedOnes() throws {
        expect(try single(line: 14, "    rank: 0\n    colour: red"), at: 15, 5,
               "unknown key 'colour' in plan 'free'; allowed keys: id, name, rank, tagline, entitlement, features, products")
    }

    @Test func missingRequiredKey() throws {
        expect(try single(line: 13, "    tagline: Free for ever"), at: 12, 5, "missing required key 'name' in plan 'free'")
    }

    @Test func duplicateProductIDAcrossPlansAndOneTimeProducts() throws {
        let yaml = CatalogFixtures.minimal(
            replacingLine: 25,
            with: "  - {id: pro.yearly, type: consumable, name: Starter, price: 499, prices: {EUR: 499}, points: 500}")
        expect(try CatalogFixtures.single(yaml), at: 25, 10,
               "duplicate product id 'pro.yearly' (first at line 23, column 14)")
    }

    @Test func duplicateFeaturePlanEntitlementAndOfferCodeIDs() throws {
        let feature = CatalogFixtures.diagnostics(CatalogFixtures.minimal(
            replacingLine: 10, with: "  - {id: export, name: Export, kind: flag}\n  - {id: export, name: Again, kind: flag}"))
        #expect(feature.count == 1)
        expect(try #require(feature.first), at: 11, 10, "duplicate feature id 'export' (first at line 10, column 10)")

        expect(try single(line: 16, "  - id: free"), at: 16, 9, "duplicate plan id 'free' (first at line 12, column 9)")

        expect(try single(line: 6, "  - {id: premium, name: Premium}\n  - {id: premium, name: Again}"), at: 7, 10,
               "duplicate entitlement id 'premium'")

        let codes = CatalogFixtures.minimal(replacingLine: 28, with: """
              - {code: WELCOME20, products: [pro.monthly], discount: {percent: 20}, expires: 2030-12-31T23:59:59Z}
              - {code: welcome20, products: [pro.yearly], discount: {percent: 10}, expires: 2030-12-31T23:59:59Z}
            """)
        expect(try CatalogFixtures.single(codes), at: 29, 12, "duplicate offer code id 'WELCOME20'")
    }

    @Test func duplicateYAMLKeyIsReportedWhereItRepeats() throws {
        expect(try single(line: 13, "    name: Free\n    name: Gratis"), at: 14, 5,
               "duplicate key 'name' in plan 'free' (first at line 13, column 5)")
        expect(try single(line: 15, "    features: {projects: 3, refresh: PT24H, export: false, projects: 4}"), at: 15, 60,
               "duplicate key 'projects' in 'features' of plan 'free' (first at line 15, column 16)")
    }

    @Test func badISODuration() throws {
        expect(try single(line: 23, "      - {id: pro.yearly, period: P1.5Y, price: 9999, prices: {EUR: 9999}}"), at: 23, 34,
               "'period' in product 'pro.yearly' must be an ISO 8601 duration such as P1W, P1M, P1Y or PT24H, found 'P1.5Y'")
    }

    @Test func fractionalPriceExplainsMinorUnits() throws {
        expect(try single(line: 23, "      - {id: pro.yearly, period: P1Y, price: 99.99, prices: {EUR: 9999}}"), at: 23, 46,
               "'price' in product 'pro.yearly' must be an integer, found 99.99: prices are integer minor units")
    }

    @Test func negativePrice() throws {
        expect(try single(line: 23, "      - {id: pro.yearly, period: P1Y, price: 9999, prices: {EUR: -1}}"), at: 23, 66,
               "the EUR price of product 'pro.yearly' must not be negative, found -1")
    }

    @Test func unknownCurrency() throws {
        expect(try single(line: 3, "currency: USX"), at: 3, 11, "unknown currency 'USX'")
        let diagnostics = CatalogFixtures.diagnostics(CatalogFixtures.minimal(
            replacingLine: 23, with: "      - {id: pro.yearly, period: P1Y, price: 9999, prices: {EUX: 9999}}"))
        #expect(diagnostics.count == 2)
        expect(try #require(diagnostics.first), at: 23, 60, "product 'pro.yearly' has no price in EUR")
        expect(try #require(diagnostics.last), at: 23, 61, "unknown currency 'EUX' in 'prices' of product 'pro.yearly'")
    }

    @Test func overrideCurrencyNotListedInCurrencies() throws {
        expect(try single(line: 23, "      - {id: pro.yearly, period: P1Y, price: 9999, prices: {EUR: 9999, GBP: 8999}}"),
               at: 23, 72, "GBP in 'prices' of product 'pro.yearly' is not listed in 'currencies'")
    }

    @Test func missingOverrideForAListedCurrency() throws {
        expect(try single(line: 23, "      - {id: pro.yearly, period: P1Y, price: 9999}"), at: 23, 9,
               "product 'pro.yearly' has no price in EUR; every priced item needs a 'prices' entry")
    }

    @Test func introOfferOnAOneTimeProduct() throws {
        let line = "  - {id: points.500, type: consumable, name: Starter, price: 499, prices: {EUR: 499}, points: 500, "
            + "intro: {type: free-trial, period: P1W}}"
        expect(try single(line: 25, line), at: 25, 100,
               "intro offers are only for subscription products; product 'points.500' is a one-time product")
    }

    @Test func unknownFeatureInAPlan() throws {
        expect(try single(line: 15, "    features: {projects: 3, refresh: PT24H, export: false, colour: 1}"), at: 15, 60,
               "plan 'free' sets unknown feature 'colour'; declared features: export, projects, refresh")
    }

    @Test func unknownEntitlement() throws {
        expect(try single(line: 19, "    entitlement: premum"), at: 19, 18,
               "unknown entitlement 'premum' in 'entitlement' in plan 'pro'; did you mean 'premium'? declared entitlements: premium")
    }

    @Test func unknownProductInAnOfferCode() throws {
        expect(try single(line: 28, "  - {code: WELCOME20, products: [pro.weekly], discount: {percent: 20}, expires: 2030-12-31T23:59:59Z}"),
               at: 28, 34, "offer code 'WELCOME20' names unknown product 'pro.weekly'")
    }

    @Test func featureValuesMustFitTheirKind() throws {
        let diagnostics = CatalogFixtures.diagnostics(CatalogFixtures.minimal(
            replacingLine: 15, with: "    features: {projects: lots, refresh: 3, export: yes}"))
        #expect(diagnostics.count == 3)
        expect(try #require(diagnostics.first), at: 15, 26,
               "feature 'projects' in plan 'free' is a limit: expected a non-negative integer or 'unlimited', found 'lots'")
        expect(diagnostics[1], at: 15, 41,
               "feature 'refresh' in plan 'free' is a interval: expected an ISO 8601 duration such as PT24H, found 3")
        expect(diagnostics[2], at: 15, 52, "feature 'export' in plan 'free' is a flag: expected true or false, found 'yes'")
        expect(try single(line: 15, "    features: {projects: -1, refresh: PT24H, export: false}"), at: 15, 26,
               "expected a non-negative integer or 'unlimited', found -1")
    }

    @Test func planMustGiveEveryFeature() throws {
        expect(try single(line: 15, "    features: {projects: 3}"), at: 15, 15,
               "plan 'free' has no value for features refresh, export; a plan must give every feature a value")
    }

    @Test func duplicateRank() throws {
        expect(try single(line: 18, "    rank: 0"), at: 18, 11, "rank 0 is already used by plan 'free'")
    }

    @Test func consumableNeedsPointsAndPassNeedsDuration() throws {
        expect(try single(line: 25, "  - {id: points.500, type: consumable, name: Starter, price: 499, prices: {EUR: 499}}"),
               at: 25, 5, "consumable product 'points.500' needs 'points'")
        expect(try single(line: 26, "  - {id: pass, type: non-renewing, name: Pass, price: 2999, prices: {EUR: 2999}, entitlement: premium}"),
               at: 26, 5, "non-renewing product 'pass' needs a 'duration'")
    }

    @Test func pointsAndDurationOnTheWrongKinds() throws {
        let diagnostics = CatalogFixtures.diagnostics(CatalogFixtures.minimal(replacingLine: 26, with:
            "  - {id: pass, type: non-renewing, name: Pass, price: 2999, prices: {EUR: 2999}, duration: P3M, entitlement: premium, points: 5}"))
        #expect(diagnostics.count == 1)
        expect(try #require(diagnostics.first), at: 26, 119,
               "'points' only applies to consumable products; product 'pass' is non-renewing")
        expect(try single(line: 25, "  - {id: points.500, type: consumable, name: Starter, price: 499, prices: {EUR: 499}, points: 500, duration: P1M}"),
               at: 25, 100, "'duration' only applies to non-renewing products; product 'points.500' is consumable")
    }

    @Test func percentMustBeBetween1And100() throws {
        let line = "  - {code: WELCOME20, products: [pro.monthly], discount: {percent: PCT}, expires: 2030-12-31T23:59:59Z}"
        for percent in ["0", "101"] {
            expect(try single(line: 28, line.replacingOccurrences(of: "PCT", with: percent)), at: 28, 68,
                   "'percent' in the discount of offer code 'WELCOME20' must be between 1 and 100, found \(percent)")
        }
    }

    @Test func unsupportedCatalogVersion() throws {
        expect(try single(line: 1, "catalog: 2"), at: 1, 10, "unsupported catalog version 2; this Kiosk reads catalog: 1")
    }

    @Test func emptyID() throws {
        expect(try single(line: 12, "  - id: \"\""), at: 12, 9, "'id' in plan #1 must not be empty")
    }

    @Test func invalidExpiryTimestamp() throws {
        for expiry in ["2030-02-30T00:00:00Z", "next year", "2030-12-31"] {
            expect(try single(line: 28, "  - {code: WELCOME20, products: [pro.monthly], discount: {percent: 20}, expires: \(expiry)}"),
                   at: 28, 82, "'expires' in offer code 'WELCOME20' must be an ISO 8601 timestamp such as 2030-12-31T23:59:59Z")
        }
    }

    @Test func everyProblemIsReportedInOneRunInFileOrder() {
        var yaml = CatalogFixtures.minimal(replacingLine: 3, with: "currency: USX")
        yaml = yaml.replacingOccurrences(of: "    name: Free\n", with: "    name: Free\n    name: Gratis\n")
        yaml = yaml.replacingOccurrences(of: "price: 9999,", with: "price: 99.99,")
        yaml = yaml.replacingOccurrences(of: "percent: 20", with: "percent: 200")
        let diagnostics = CatalogFixtures.diagnostics(yaml)
        #expect(diagnostics.map(\.line) == [3, 14, 24, 29], "\(diagnostics)")
        #expect(diagnostics.map(\.line) == diagnostics.sorted { $0.line < $1.line }.map(\.line))
    }

    @Test func emptyOrNonMappingDocument() throws {
        expect(try CatalogFixtures.single(""), at: 1, 1, "the catalog is empty")
        expect(try CatalogFixtures.single("- a\n- b\n"), at: 1, 1, "the catalog must be a mapping")
    }
}
