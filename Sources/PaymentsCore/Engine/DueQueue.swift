/// Due lifecycle steps ordered by time then id, earliest last so popping is O(1).
struct DueQueue {
    struct Entry: Comparable {
        var at: Int64
        var id: String

        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.at, lhs.id) < (rhs.at, rhs.id) }
    }

    /// Sorted descending.
    private var entries: [Entry]

    /// `descending` must already be sorted latest first (as the due-step query returns it).
    init(_ descending: [Entry]) { entries = descending }

    mutating func popEarliest() -> Entry? { entries.popLast() }

    mutating func insert(_ entry: Entry) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid] > entry { low = mid + 1 } else { high = mid }
        }
        entries.insert(entry, at: low)
    }
}
