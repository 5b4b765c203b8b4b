import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for sending what no HTTP client would: half a request,
/// a megabyte of header, a body length of a terabyte. Reads block with a 10-second safety limit,
/// far above the short timeouts the tests configure, so a server that never answers fails the
/// test instead of hanging it.
final class RawHTTPConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `bytes`; stops quietly if the server has closed its side for reading.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Everything the server sends until it closes the connection, and whether it did close
    /// (false when the safety limit ran out first). The blocking reads run on a thread of their
    /// own: on the concurrency pool (two threads on a two-core machine) a few tests waiting at
    /// once would leave none for the in-process server that has to answer them.
    func readUntilClosed() async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.readBlocking()) }
            thread.start()
        }
    }

    private func readBlocking() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
            if count < 0 {
                // A reset after the answer still counts as closed; a timeout does not.
                let closed = errno == ECONNRESET
                return (String(decoding: received, as: UTF8.self), closed)
            }
            received += chunk[0..<count]
        }
    }
}
