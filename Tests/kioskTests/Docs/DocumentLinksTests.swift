import Foundation
import Testing

/// The README and the guides link to each other by file and heading; a moved section or a renamed
/// heading must not leave a reader at a dead link.
@Suite struct DocumentLinksTests {
    @Test func everyRelativeLinkReachesAFileAndItsHeading() throws {
        let documents = DocumentedCommandLinesTests.documents + [DocumentedCommandLinesTests.root.appendingPathComponent("BENCHMARKS.md")]
        let link = /\]\(([^)\s]+)\)/
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.output.1)
                guard !target.hasPrefix("http"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? document
                    : document.deletingLastPathComponent().appendingPathComponent(String(parts[0])).standardizedFileURL
                checked += 1
                guard FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(document.lastPathComponent): \(target): no such file")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md" {
                    let anchors = try Self.anchors(of: String(contentsOf: file, encoding: .utf8))
                    #expect(anchors.contains(String(parts[1])), "\(document.lastPathComponent): \(target): no such heading")
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        #expect(Self.anchors(of: "## Signed transactions and Apple's verifier\n### Run a shared store on PostgreSQL\n")
            == ["signed-transactions-and-apples-verifier", "run-a-shared-store-on-postgresql"])
    }

    /// GitHub's heading anchors: lower case, punctuation other than `-` and `_` dropped, spaces as `-`.
    static func anchors(of text: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " " }
                .map(Character.init)).replacingOccurrences(of: " ", with: "-")
        })
    }
}
