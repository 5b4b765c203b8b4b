import Foundation

/// Whether the current thread is inside one of the store's write transactions.
///
/// Why: a purchase must sign nothing while it holds the write lock (an ES256 signature costs about
/// four durable inserts, and every other writer waits for it), so the signer counts the signatures
/// made inside a write and tests hold the count at zero on every purchase path. GRDB runs a write
/// closure synchronously on one thread, so a thread-local mark is exact.
enum WriteTransactionMarker {
    private static let key = "kiosk.insideWriteTransaction"

    static var isActive: Bool {
        Thread.current.threadDictionary[key] != nil
    }

    static func during<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = true
        defer { dictionary[key] = outer }
        return try body()
    }
}
