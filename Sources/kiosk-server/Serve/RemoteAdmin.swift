import ArgumentParser
import Foundation
import KioskAPI
import KioskCommandLine
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// Test-control calls to a running server through the generated client.
enum RemoteAdmin {
    /// Runs `body` against the server; a problem answer is printed as `kiosk: STATUS title: detail`
    /// and exits 1, an unreachable server exits 69 (EX_UNAVAILABLE).
    static func call<T: Sendable>(url: URL, adminKey: String,
                                  _ body: @Sendable (Client) async throws -> T) async throws -> T {
        let client = Client(serverURL: url, transport: AsyncHTTPClientTransport(),
                            middlewares: [BearerTokenMiddleware(token: adminKey)])
        do {
            return try await body(client)
        } catch let problem as RemoteProblem {
            Terminal.error("kiosk: \(problem)")
            throw ExitCode(1)
        } catch let error as ClientError {
            Terminal.error("kiosk: cannot reach \(url.absoluteString): \(error.underlyingError)")
            throw ExitCode(69)
        }
    }
}
