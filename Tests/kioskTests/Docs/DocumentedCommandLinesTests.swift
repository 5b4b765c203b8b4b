import ArgumentParser
import Foundation
import Testing
import KioskCommandLine
@testable import kiosk_server

/// Every `kiosk` command line the README and the guides in `docs/` show is one the command line
/// accepts: a renamed option or command fails here, not for the reader who copies it.
@Suite struct DocumentedCommandLinesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [URL] {
        let docs = root.appendingPathComponent("docs")
        let guides = (try? FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)) ?? []
        return [root.appendingPathComponent("README.md")] + guides.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    @Test func theGuidesAreFound() {
        #expect(Self.documents.count >= 8, "README.md and the guides in docs/")
    }

    @Test(arguments: documents)
    func everyShownCommandLineParses(document: URL) throws {
        let text = try String(contentsOf: document, encoding: .utf8)
        let lines = DocumentedCommandLine.lines(inCodeBlocksOf: text)
        // The whole command line, as `kiosk-server` parses it (`kiosk` hands its part over).
        try ServerStack.$current.withValue(.full) { try everyLineParses(lines, of: document) }
    }

    private func everyLineParses(_ lines: [DocumentedCommandLine], of document: URL) throws {
        for line in lines {
            do {
                _ = try Kiosk.parseAsRoot(line.arguments)
            } catch where Kiosk.exitCode(for: error) == .success {
                continue // `--version`, `--help`: a clean exit is what they do
            } catch {
                let message = Kiosk.message(for: error)
                Issue.record("\(document.lastPathComponent):\(line.number): `\(line.arguments.joined(separator: " "))`: \(message)")
            }
        }
    }

    @Test func theExtractorFindsCommandsAfterVariablesAndInsideSubstitutions() {
        let text = """
            ```sh
            KIOSK_TOKEN=$KEY kiosk run --server http://127.0.0.1:8080     # two terminals
            export KIOSK_ADMIN_KEY=$(kiosk serve --data-dir ~/shared --print-admin-key)
            kiosk serve --data-dir "my dir" &
            curl -s http://127.0.0.1:8080/v1/customer
            ```
            kiosk not-in-a-block
            """
        #expect(DocumentedCommandLine.lines(inCodeBlocksOf: text).map(\.arguments) == [
            ["run", "--server", "http://127.0.0.1:8080"],
            ["serve", "--data-dir", "~/shared", "--print-admin-key"],
            ["serve", "--data-dir", "my dir"],
        ])
    }
}

/// A `kiosk …` invocation in a fenced or indented code block, split as a shell would split it
/// (enough of one for documentation: quotes, comments, `$(…)`, a trailing `&`, pipes).
struct DocumentedCommandLine: Equatable {
    let number: Int
    let arguments: [String]

    static func lines(inCodeBlocksOf text: String) -> [DocumentedCommandLine] {
        var found: [DocumentedCommandLine] = []
        var fence: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
                continue
            }
            let isShell = fence.map { $0.isEmpty || $0 == "sh" || $0 == "bash" || $0 == "console" } ?? line.hasPrefix("    ")
            guard isShell else { continue }
            for command in commands(in: String(line)) {
                found.append(DocumentedCommandLine(number: index + 1, arguments: command))
            }
        }
        return found
    }

    /// The `kiosk` commands of one shell line: the line's own and any inside `$(…)`.
    static func commands(in line: String) -> [[String]] {
        var sources = [line]
        var rest = Substring(line)
        while let open = rest.range(of: "$(") {
            let inner = rest[open.upperBound...]
            guard let close = inner.firstIndex(of: ")") else { break }
            sources.append(String(inner[..<close]))
            rest = inner[inner.index(after: close)...]
        }
        return sources.compactMap { source in
            var words = split(source)
            while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }
            if words.starts(with: ["swift", "run", "kiosk"]) { words.removeFirst(2) }
            guard words.first == "kiosk" else { return nil }
            return Array(words.dropFirst())
        }
    }

    /// Words up to a comment, a pipe, `&&`, `;`, a redirection or `&`.
    private static func split(_ source: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var hasWord = false
        for character in source {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                hasWord = true
            case " ", "\t":
                if hasWord { words.append(word); word = ""; hasWord = false }
            case "#" where !hasWord, "|", ";", "&", ">", "<", "(":
                if hasWord { words.append(word) }
                return words
            default:
                word.append(character)
                hasWord = true
            }
        }
        if hasWord { words.append(word) }
        return words
    }
}
