import AsyncHTTPClient
import Foundation
@testable import KioskRemoteClient
import Testing

/// A storefront whose server is down hears so from the connection, not from a request's deadline.
@Suite struct RemoteConnectionTests {
    @Test func aRefusedConnectionFailsTheCallInsteadOfBeingRetriedUntilItsDeadline() async throws {
        #expect(RemoteServer.httpConfiguration.connectionPool.retryConnectionEstablishment == false)
        // A port nothing listens on: the call fails with the storefront's words for it.
        let server = RemoteServer(url: try #require(URL(string: "http://127.0.0.1:9")), token: "kiosk_sk_x")
        await #expect(throws: RemoteCallFailure.self) { _ = try await RemoteCalls(server: server).catalog() }
    }
}
