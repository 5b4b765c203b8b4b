/// Catches a command name the parser would misread: `kiosk stauts` would otherwise reach the
/// default `run` command as an unexpected argument, and `kiosk help nosuch` would print the
/// general help and succeed.
struct CommandNameCheck {
    let commands: [String]

    /// The one-line refusal for `arguments`, or nil when the parser should see them.
    func refusal(for arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        if first == "help" {
            guard arguments.count > 1, let topic = arguments.dropFirst().first, !topic.hasPrefix("-"),
                  !commands.contains(topic) else { return nil }
            return "kiosk: no help for '\(topic)': it is not a command" + suggestion(for: topic)
                + " (the commands: \(commands.joined(separator: ", ")))"
        }
        guard !commands.contains(first) else { return nil }
        return "kiosk: '\(first)' is not a command" + suggestion(for: first) + " (see `kiosk --help`)"
    }

    private func suggestion(for word: String) -> String {
        let ranked = commands.map { ($0, Self.distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (name, distance) = ranked, distance <= max(1, name.count / 3) else { return "" }
        return "; did you mean '\(name)'?"
    }

    /// Edit distance counting a swap of two neighbouring letters as one edit ("stauts" → "status").
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
