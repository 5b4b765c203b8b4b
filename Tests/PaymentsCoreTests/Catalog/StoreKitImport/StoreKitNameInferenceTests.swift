import Testing
@testable import PaymentsCore

@Suite struct StoreKitNameInferenceTests {
    private func source(_ text: String) -> StoreKitNameInference.Source {
        StoreKitNameInference.Source(label: "'\(text)'", text: text)
    }

    @Test(arguments: [("100", 100), ("coins100", 100), ("1,000 Gems", 1000), ("2x500", 500), ("Pack of 0 and 5", 5)]
          as [(String, Int64)])
    func pointsAreTheLastWholeNumber(text: String, points: Int64) {
        #expect(StoreKitNameInference.points(in: [source(text)])?.points == points)
    }

    @Test func pointsComeFromTheFirstSourceWithANumber() {
        let found = StoreKitNameInference.points(in: [source("gems"), source("Gem Pack"), source("250 Gems")])
        #expect(found?.points == 250)
        #expect(found?.source.text == "250 Gems")
        #expect(StoreKitNameInference.points(in: [source("gems"), source("0 gems")]) == nil)
    }

    @Test(arguments: [
        ("season.3months", ISODuration(months: 3)), ("pass.30-days", ISODuration(days: 30)),
        ("Annual Pass", ISODuration(years: 1)), ("weekly", ISODuration(weeks: 1)),
        ("pass.2.quarters", ISODuration(months: 6)), ("vip_1yr", ISODuration(years: 1)),
    ])
    func durationsAreReadFromUnitWords(text: String, duration: ISODuration) {
        #expect(StoreKitNameInference.duration(in: [source(text)])?.duration == duration)
    }

    @Test func noUnitWordMeansNoDuration() {
        #expect(StoreKitNameInference.duration(in: [source("supporter.pass"), source("Promo Bundle 3")]) == nil)
    }

    @Test func planNamesAreTheCommonWordsWithoutPeriods() {
        #expect(StoreKitNameInference.planName(from: ["Pro Monthly", "Pro Yearly"]) == "Pro")
        #expect(StoreKitNameInference.planName(from: ["Studio Max Monthly Plan"]) == "Studio Max")
        #expect(StoreKitNameInference.planName(from: ["Premium"]) == "Premium")
        #expect(StoreKitNameInference.planName(from: ["Monthly", "Annual"]) == nil)
        #expect(StoreKitNameInference.planName(from: []) == nil)
    }

    @Test func identifiersAreSluggedAndClaimedOnce() {
        #expect(StoreKitIdentifiers.slug("Studio Pro+ (2024)") == "studio-pro-2024")
        #expect(StoreKitIdentifiers.slug("月額") == "")
        var identifiers = StoreKitIdentifiers()
        #expect([identifiers.claim("pro"), identifiers.claim("pro"), identifiers.claim("pro")] == ["pro", "pro-2", "pro-3"])
    }
}
