#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts a terminal wait short from another thread. The host waits for keys on the main actor;
/// an effect that finishes meanwhile (a page of invoices loaded) would otherwise sit unread until
/// the wait timed out, so a walk through 2,000 pages paid one full wait per page. `nextKey`
/// polls this pipe beside standard input and returns as soon as it is signalled.
public final class WakeSignal: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    /// Nil when no pipe can be made (out of descriptors): the host then just waits its timeout.
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Safe from any thread. A full pipe means a wake is already pending, which is enough.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so the next wait blocks until the next signal.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
