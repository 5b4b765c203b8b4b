import Foundation
import Testing

/// Issue 40: each rule type reaches only the rules it declares (`var x: Other { Other(work: work) }`
/// in its own files), never the whole set, and the rules form no cycle. Read from the sources, so
/// a new dependency that closes a loop fails here, naming the loop.
@Suite struct RuleDependencyTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The rule types' files: the rules folder and the one rule kept beside its feature.
    private static func ruleSources() throws -> [(file: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/PaymentsCore/Rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let extra = [root.appendingPathComponent("Sources/PaymentsCore/HostedCheckout/WebhookInbox.swift")]
        // Code only: a doc comment may show how a dependency is declared.
        return try (names.sorted().map { folder.appendingPathComponent($0) } + extra).map {
            ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n"))
        }
    }

    private static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Who uses whom: a file belongs to the rule type it declares or extends; every rule type it
    /// builds (`Other(work:`) is a dependency. The unit of work, the root, is not a rule.
    static func dependencies() throws -> [String: Set<String>] {
        let sources = try ruleSources()
        let types = Set(try sources.flatMap { try matches(#"^struct (\w+): Rules\b"#, in: $0.text) })
        var graph = Dictionary(uniqueKeysWithValues: types.map { ($0, Set<String>()) })
        for (file, text) in sources where file != "UnitOfWork.swift" {
            let owners = Set(try matches(#"^(?:struct|extension) (\w+)\b"#, in: text)).intersection(types)
            let built = Set(try matches(#"\b(\w+)\(work: work\)"#, in: text)).intersection(types)
            #expect(owners.count <= 1, "\(file) holds more than one rule type: \(owners.sorted())")
            if owners.isEmpty {
                #expect(built.isEmpty, "\(file) hands \(built.sorted()) to every rule; a rule declares what it uses")
            }
            for owner in owners { graph[owner, default: []].formUnion(built.subtracting([owner])) }
        }
        return graph
    }

    /// A cycle in `graph`, as the path that closes it, or nil.
    static func cycle(in graph: [String: Set<String>]) -> [String]? {
        var done = Set<String>()
        var path: [String] = []
        func visit(_ node: String) -> [String]? {
            if let start = path.firstIndex(of: node) { return Array(path[start...]) + [node] }
            guard !done.contains(node) else { return nil }
            path.append(node)
            for next in (graph[node] ?? []).sorted() {
                if let found = visit(next) { return found }
            }
            path.removeLast()
            done.insert(node)
            return nil
        }
        for node in graph.keys.sorted() {
            if let found = visit(node) { return found }
        }
        return nil
    }

    @Test func theRulesFormNoCycle() throws {
        let graph = try Self.dependencies()
        #expect(graph.count >= 19, "the rule types were not found: \(graph.keys.sorted())")
        let found = Self.cycle(in: graph)
        #expect(found == nil, "a cycle of rules: \(found?.joined(separator: " -> ") ?? "")")
    }

    @Test func aRuleReachesOnlyWhatItDeclares() throws {
        let graph = try Self.dependencies()
        // The leaves: rules that use no other rule.
        for leaf in ["AccountRules", "AnalyticsLog", "HistoryPages", "TransactionIssuer"] {
            #expect(graph[leaf] == [], "\(leaf) uses \(graph[leaf]?.sorted() ?? [])")
        }
        #expect(graph["TestControls"] == ["AccountRules"])
        #expect(graph["Invoicing"] == ["TestControls"])
        // Going around the unit of work (`work.invoicing`) would hide a dependency from this check.
        let accessors = try Self.matches(#"var (\w+): \w+ \{ \w+\(work: self\) \}"#,
                                         in: String(contentsOf: Self.root.appendingPathComponent(
                                            "Sources/PaymentsCore/Rules/UnitOfWork.swift"), encoding: .utf8))
        #expect(accessors.count >= 19)
        for (file, text) in try Self.ruleSources() where file != "UnitOfWork.swift" {
            for accessor in accessors {
                #expect(!text.contains("work.\(accessor)."), "\(file) reaches \(accessor) through the unit of work")
            }
        }
    }

    @Test func theCheckFindsACycle() {
        #expect(Self.cycle(in: ["A": ["B"], "B": ["C"], "C": ["A"], "D": []]) == ["A", "B", "C", "A"])
        #expect(Self.cycle(in: ["A": ["B", "C"], "B": ["C"], "C": []]) == nil)
    }
}
