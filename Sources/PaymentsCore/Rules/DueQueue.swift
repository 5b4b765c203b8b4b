/// Due lifecycle steps ordered by time then id: a binary min-heap, so taking the earliest step
/// and queueing a subscription's next one both cost O(log n) however many subscriptions are due.
/// (A sorted array cost a shift of every queued entry per step, which grew with the store.)
struct DueQueue {
    struct Entry: Comparable {
        var at: Int64
        var id: String

        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.at, lhs.id) < (rhs.at, rhs.id) }
    }

    private var heap: [Entry] = []

    init(_ entries: [Entry]) {
        for entry in entries { insert(entry) }
    }

    mutating func popEarliest() -> Entry? {
        guard let earliest = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return earliest }
        heap[0] = last
        var index = 0
        while true {
            let left = 2 * index + 1
            let right = left + 1
            var smallest = index
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            guard smallest != index else { return earliest }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var index = heap.count - 1
        while index > 0 {
            let parent = (index - 1) / 2
            guard heap[index] < heap[parent] else { return }
            heap.swapAt(index, parent)
            index = parent
        }
    }
}
