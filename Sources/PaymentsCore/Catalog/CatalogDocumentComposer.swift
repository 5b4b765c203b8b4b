import Yams

/// Turns catalog text into a Yams node tree, surviving duplicate mapping keys.
///
/// Yams refuses a mapping with a repeated key and names only the first occurrence, which would
/// end loading at the first problem. Instead the occurrence Yams points at is renamed to a
/// substitute of the same length in Unicode scalars (so every position libyaml reports stays
/// right) and the text is composed again; `CatalogNodeReader` maps substitutes back and reports
/// each repeat where it occurs, together with every other problem in the file.
///
/// Composed with Yams' basic resolver: `CatalogScalar` types every scalar itself, and the default
/// resolver compiles seven ICU regular expressions on first use, a measurable part of start-up.
enum CatalogDocumentComposer {
    struct Composed {
        var root: Node?
        /// Substitute → original key.
        var maskedKeys: [String: String]
    }

    enum Failure: Error {
        case yaml(line: Int, column: Int, message: String)
    }

    /// Renames beyond this many are not attempted; the remaining duplicate is reported as is.
    private static let maximumRenames = 256

    static func compose(yaml: String) -> Result<Composed, Failure> {
        var text = yaml
        var masked: [String: String] = [:]
        for round in 0...maximumRenames {
            do {
                return .success(Composed(root: try Yams.compose(yaml: text, .basic), maskedKeys: masked))
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let key = duplicates.first ?? ""
                let original = masked[key] ?? key
                if round < maximumRenames,
                   let substitute = substitute(round: round, length: key.unicodeScalars.count),
                   let renamed = rename(key: key, at: context.mark, to: substitute, in: text) {
                    text = renamed
                    masked[substitute] = original
                    continue
                }
                return .failure(.yaml(line: context.mark.line, column: context.mark.column,
                                      message: "duplicate key '\(original)'"))
            } catch let error as YamlError {
                return .failure(describe(error, in: text))
            } catch {
                return .failure(.yaml(line: 1, column: 1, message: "invalid YAML: \(error)"))
            }
        }
        return .failure(.yaml(line: 1, column: 1, message: "too many duplicate keys"))
    }

    private static func describe(_ error: YamlError, in text: String) -> Failure {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "invalid YAML: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return .yaml(line: mark.line, column: mark.column, message: message)
        case let .reader(problem, offset, _, _):
            let (line, column) = position(ofCharacterOffset: offset ?? 0, in: text)
            return .yaml(line: line, column: column, message: "unreadable text: \(problem)")
        default:
            return .yaml(line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }

    private static func position(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (line, column)
    }

    /// Private-use characters, one kind per round, so substitutes never collide with each other
    /// or with a real key.
    private static func substitute(round: Int, length: Int) -> String? {
        guard length > 0, let scalar = Unicode.Scalar(UInt32(0xE000 + round)) else { return nil }
        return String(repeating: String(Character(scalar)), count: length)
    }

    /// The text with the key starting at `mark` replaced, or nil when the text there is not the
    /// key written literally (an escaped quoted key), in which case nothing is renamed.
    private static func rename(key: String, at mark: Mark, to substitute: String, in text: String) -> String? {
        let scalars = text.unicodeScalars
        guard var start = index(line: mark.line, column: mark.column, in: scalars) else { return nil }
        if start != scalars.endIndex, scalars[start] == "\"" || scalars[start] == "'" {
            start = scalars.index(after: start)
        }
        var end = start
        for expected in key.unicodeScalars {
            guard end != scalars.endIndex, scalars[end] == expected else { return nil }
            end = scalars.index(after: end)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<start])
        result.append(contentsOf: substitute.unicodeScalars)
        result.append(contentsOf: scalars[end...])
        return String(result)
    }

    /// Where libyaml's (line, column) falls, counting lines and columns as libyaml does:
    /// CR LF is one break, and NEL, LS and PS are breaks too.
    private static func index(line: Int, column: Int,
                              in scalars: String.UnicodeScalarView) -> String.UnicodeScalarView.Index? {
        var currentLine = 1
        var currentColumn = 1
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if currentLine == line && currentColumn == column { return index }
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar == "\r", next != scalars.endIndex, scalars[next] == "\n" {
                index = next
                continue
            }
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                currentLine += 1
                currentColumn = 1
            } else {
                currentColumn += 1
            }
            index = next
        }
        return currentLine == line && currentColumn == column ? index : nil
    }
}
