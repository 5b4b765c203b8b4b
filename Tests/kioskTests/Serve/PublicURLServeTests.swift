import Foundation
import Testing
import TestSupport

/// `kiosk serve --public-url URL`: the checkout pages are served on the URL's port, where the
/// tunnel or proxy in front of the server sends the customers' browsers.
@Suite struct PublicURLServeTests {
    @Test func theCheckoutPagesAreServedOnThePublicURLsPort() async throws {
        let port = try Self.freePort()
        let server = try ServerProcess(dataDirectory: KioskProcess.temporaryDirectory("public-url"),
                                       arguments: ["--ssh-port", "0", "--public-url", "https://shop.test:\(port)"])
        defer { _ = try? server.terminate() }
        _ = try server.sshPort()
        let page = try await DatabaseOutageTests.send("GET", try #require(URL(string: "http://127.0.0.1:\(port)/checkout/finished")))
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("Go back to your terminal"), "\(page.body)")
    }

    @Test func aPublicURLMustBeAnHTTPAddressAndNeedsSSH() throws {
        let directory = KioskProcess.temporaryDirectory("public-url-bad")
        let bad = try KioskProcess.run(["serve", "--data-dir", directory.path, "--ssh-port", "0", "--public-url", "ftp://x"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--public-url must be an http:// or https:// address"), "\(bad.stderr)")
        let alone = try KioskProcess.run(["serve", "--data-dir", directory.path, "--public-url", "https://shop.test"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("needs --ssh-port"), "\(alone.stderr)")
    }

    /// A port nothing listens on now (the kernel's pick for a socket closed at once).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
