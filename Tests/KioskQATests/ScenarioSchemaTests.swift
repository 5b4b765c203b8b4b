import Foundation
import KioskQA
import Testing

/// The JSON Schema is an editing aid, but it must not drift from the validator.
@Suite struct ScenarioSchemaTests {
    private func schema() throws -> [String: Any] {
        let url = try KioskResourcesFlows.url().appendingPathComponent("scenario.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    private func stepSchemas() throws -> [[String: Any]] {
        let properties = try #require(try schema()["properties"] as? [String: Any])
        let steps = try #require(properties["steps"] as? [String: Any])
        let items = try #require(steps["items"] as? [String: Any])
        return try #require(items["oneOf"] as? [[String: Any]])
    }

    @Test func namesEveryStepTheValidatorAccepts() throws {
        let names = try stepSchemas().compactMap { ($0["required"] as? [String])?.first }
        #expect(names == ScenarioParser.stepNames)
    }

    @Test func namesEveryAction() throws {
        let act = try #require(try stepSchemas().first { ($0["required"] as? [String]) == ["act"] })
        let actProperties = try #require(act["properties"] as? [String: Any])
        let value = try #require(actProperties["act"] as? [String: Any])
        let forms = try #require(value["oneOf"] as? [[String: Any]])
        let bare = Set(try #require(forms[0]["enum"] as? [String]))
        let withArgument = Set(try #require(forms[1]["properties"] as? [String: Any]).keys)
        let vocabulary = ActionVocabulary.entries
        #expect(bare == Set(vocabulary.filter { $0.argument == nil }.map(\.name)))
        #expect(withArgument == Set(vocabulary.filter { $0.argument != nil }.map(\.name)))
    }
}
