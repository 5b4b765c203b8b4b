import Foundation
import Testing
@testable import PaymentsCore

/// Broken catalogs must come back as diagnostics, never as a trap.
@Suite struct CatalogRobustnessTests {
    @Test func everyTruncationOfTheDefaultCatalogLoadsOrReportsPositionedErrors() throws {
        let text = try CatalogFixtures.defaultCatalogText()
        let scalars = Array(text.unicodeScalars)
        var generator = SeededGenerator(seed: 20_261_121)
        var cuts = Set((0..<300).map { _ in Int.random(in: 0...scalars.count, using: &generator) })
        cuts.formUnion([0, 1, scalars.count - 1, scalars.count])
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var rejected = 0
        for cut in cuts.sorted() {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<cut])
            switch CatalogLoader.load(yaml: String(view), file: "cut.yaml") {
            case .success:
                break
            case let .failure(errors):
                rejected += 1
                #expect(!errors.diagnostics.isEmpty)
                for diagnostic in errors.diagnostics {
                    #expect((1...lineCount + 1).contains(diagnostic.line), "\(cut): \(diagnostic)")
                    #expect(diagnostic.column >= 1, "\(cut): \(diagnostic)")
                    #expect(diagnostic.description.hasPrefix("cut.yaml:\(diagnostic.line):\(diagnostic.column): error: "))
                }
            }
        }
        #expect(rejected > cuts.count / 2)
    }

    @Test func randomLineDeletionsAndByteNoiseNeverTrap() throws {
        let lines = try CatalogFixtures.defaultCatalogText().components(separatedBy: "\n")
        var generator = SeededGenerator(seed: 7)
        let noise = [":", "{", "}", "[", "]", "-", "\"", "'", "&a", "*a", "!!int", "\t", "?", "|", "#", "<<: *a"]
        for _ in 0..<200 {
            var mutated = lines
            let index = Int.random(in: 0..<mutated.count, using: &generator)
            if Bool.random(using: &generator) {
                mutated.remove(at: index)
            } else {
                let line = mutated[index]
                let position = Int.random(in: 0...line.count, using: &generator)
                let insert = noise.randomElement(using: &generator) ?? ":"
                mutated[index] = String(line.prefix(position)) + insert + String(line.dropFirst(position))
            }
            if case let .failure(errors) = CatalogLoader.load(yaml: mutated.joined(separator: "\n"), file: "noise.yaml") {
                #expect(!errors.diagnostics.isEmpty)
            }
        }
    }

    @Test func missingFileIsUnreadableNotInvalid() {
        let url = URL(fileURLWithPath: "/nonexistent/kiosk/catalog.yaml")
        guard case let .failure(.unreadable(file, reason)) = CatalogLoader.load(contentsOf: url, displayName: "x.yaml")
        else {
            Issue.record("expected an unreadable-file failure")
            return
        }
        #expect(file == "x.yaml")
        #expect(reason == "no such catalog file")
    }

    @Test func duplicateKeysInSeveralMappingsAreAllReported() {
        let yaml = CatalogFixtures.minimal
            .replacingOccurrences(of: "name: Test Store", with: "name: Test Store\nname: Again")
            .replacingOccurrences(of: "    rank: 1\n", with: "    rank: 1\n    rank: 2\n    rank: 3\n")
        let diagnostics = CatalogFixtures.diagnostics(yaml)
        #expect(diagnostics.map(\.line) == [3, 20, 21], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.message.hasPrefix("duplicate key") })
        #expect(diagnostics.last?.message == "duplicate key 'rank' in plan 'pro' (first at line 19, column 5)")
    }
}
