import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CatalogJSONRoundTripTests {
    @Test func emptySectionsAndPayAsYouGoSurviveJSON() throws {
        let catalog = Catalog(name: "Tiny", currency: .jpy, currencies: [.usd], plans: [
            Plan(id: "basic", name: "Basic", rank: 3, products: [
                SubscriptionProduct(id: "basic.monthly", period: ISODuration(months: 1), price: 500, prices: ["USD": 399],
                                    intro: IntroOffer(type: .payAsYouGo, period: ISODuration(months: 1), price: 100,
                                                      prices: ["USD": 99], periods: 3)),
            ]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(catalog), as: UTF8.self)
        #expect(try CatalogLoader.load(yaml: json, file: "tiny.json").get() == catalog)
    }
}
