import Foundation
import Testing
@testable import PaymentsCore

@Suite struct StoreKitConfigurationDecodingTests {
    @Test func theStudioFixtureDecodesWithUnknownKeysIgnored() throws {
        let configuration = try StoreKitConfiguration.decode(Data(StoreKitFixtures.studio.utf8))
        #expect(configuration.identifier == "5D1C9B7E")
        #expect(configuration.version == StoreKitConfiguration.Version(major: 4, minor: 0))
        #expect(configuration.products.map(\.productID) == ["studio.coins.100", "studio.gems", "studio.themes"])
        #expect(configuration.nonRenewingSubscriptions.count == 2)
        let group = try #require(configuration.subscriptionGroups.first)
        #expect(group.subscriptions?.map(\.groupNumber) == [2, 2, 1, 1])
        let maxMonthly = try #require(group.subscriptions?[2])
        #expect(maxMonthly.introductoryOffer?.paymentMode == "payAsYouGo")
        #expect(maxMonthly.adHocOffers?.first?.offerID == "comeback")
        #expect(configuration.settings["_timeRate"] == .integer(6))
        #expect(configuration.settings["_askToBuyEnabled"] == .bool(true))
        let synchronized = try #require(Decimal(string: "752000000.5"))
        #expect(configuration.settings["_lastSynchronizedDate"] == .decimal(synchronized))
    }

    @Test func invalidJSONSaysWhereItBreaks() {
        let error = StoreKitFixtures.failure(#"{"products": [}"#)
        guard case let .invalidJSON(reason)? = error else {
            Issue.record("expected invalid JSON, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("not valid JSON: ") == true)
    }

    @Test func otherJSONIsNotAConfiguration() {
        #expect(StoreKitFixtures.failure("[1, 2]") == .notAConfiguration("the top level is not a JSON object"))
        #expect(StoreKitFixtures.failure(#"{"name": "package.json"}"#) == .notAConfiguration(
            "no 'products', 'subscriptionGroups', 'nonRenewingSubscriptions' or 'settings' at the top level"))
        #expect(StoreKitFixtures.failure(#""text""#) == .notAConfiguration("the top level is not a JSON object"))
    }

    @Test func aValueOfTheWrongTypeNamesItsPath() {
        #expect(StoreKitFixtures.failure(StoreKitFixtures.subscription(displayPrice: "9.99"))
            == .invalidValue(path: "subscriptionGroups[0].subscriptions[0].displayPrice", message: "expected a string"))
        #expect(StoreKitFixtures.failure(#"{"subscriptionGroups": [{"subscriptions": [{"groupNumber": "one"}]}]}"#)
            == .invalidValue(path: "subscriptionGroups[0].subscriptions[0].groupNumber", message: "expected an integer"))
        #expect(StoreKitFixtures.failure(#"{"products": {"a": 1}}"#)
            == .invalidValue(path: "products", message: "expected a list"))
        #expect(StoreKitFixtures.failure(#"{"products": [{"familyShareable": "yes"}]}"#)?.description
            == "products[0].familyShareable: expected true or false")
    }
}
