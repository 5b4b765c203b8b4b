import Foundation

/// Stored screens of one scenario, in `<scenario>.snapshots/<name>.txt` beside the file.
/// Trailing blanks are trimmed from each line so editors do not cause false differences.
struct SnapshotStore {
    enum Comparison {
        case matched(String)
        case written(String)
        case differs(String, stored: String)
        case missing(String)
    }

    let folder: URL
    let update: Bool

    init(scenarioFile: String, update: Bool) {
        let url = URL(fileURLWithPath: scenarioFile)
        folder = url.deletingPathExtension().appendingPathExtension("snapshots")
        self.update = update
    }

    static func normalized(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }

    func compare(_ screen: String, named name: String) -> Comparison {
        let file = folder.appendingPathComponent(name + ".txt")
        // A stored screen is a report too: card numbers in it are cut to their last four.
        let text = Self.normalized(TranscriptRedaction.text(screen))
        if update {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
                return .written(file.path)
            } catch {
                return .differs(file.path, stored: "cannot write: \(error)")
            }
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return .missing(file.path) }
        let stored = String(decoding: data, as: UTF8.self)
        return stored == text ? .matched(file.path) : .differs(file.path, stored: stored)
    }
}
