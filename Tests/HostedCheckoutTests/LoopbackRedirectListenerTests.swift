import Foundation
import HostedCheckout
import Hummingbird
import PaymentsCore
import Testing

/// The RFC 8252 loopback listener on its own: methods, Host, state, single use, timeout.
@Suite struct LoopbackRedirectListenerTests {
    private let state = "s3cr3t-state_value.~"

    @Test func onlyGetIsAllowed() async throws {
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: .seconds(600))
        let post = try await Browser.post(listener.returnURL + "?status=succeeded&state=\(state)")
        #expect(post.status == 405)
        let delete = try await Browser.send(listener.cancelURL + "?state=\(state)", method: .delete)
        #expect(delete.status == 405)
        listener.cancel()
        #expect(await listener.result() == .cancelled)
    }

    @Test func theHostHeaderMustBeExactlyTheBoundAddress() async throws {
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: .seconds(600))
        let url = listener.returnURL + "?status=succeeded&state=\(state)"
        for host in ["localhost:\(listener.port)", "127.0.0.1", "evil.example:\(listener.port)", "127.0.0.1:1"] {
            #expect(try await Browser.get(url, host: host).status == 400, "Host \(host)")
        }
        let genuine = try await Browser.get(url)
        #expect(genuine.status == 200)
        guard case let .redirected(classification) = await listener.result() else {
            Issue.record("expected a redirect")
            return
        }
        #expect(classification.outcome == .succeeded)
    }

    @Test func aWrongOrMissingStateIsRefusedAndTheListenerKeepsWaiting() async throws {
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: .seconds(600))
        #expect(try await Browser.get(listener.returnURL + "?status=succeeded&state=guess").status == 400)
        #expect(try await Browser.get(listener.returnURL + "?status=succeeded").status == 400)
        #expect(try await Browser.get(listener.cancelURL).status == 400)
        #expect(try await Browser.get(listener.returnURL.replacingOccurrences(of: "/return", with: "/other")).status == 404)
        let cancel = try await Browser.get(listener.cancelURL + "?state=\(state)")
        #expect(cancel.status == 200)
        #expect(cancel.body.contains("You can return to your terminal."))
        guard case let .redirected(classification) = await listener.result() else {
            Issue.record("expected a redirect")
            return
        }
        #expect(classification.outcome == .cancelled)
    }

    @Test func theListenerClosesAfterTheFirstValidRedirect() async throws {
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: .seconds(600))
        let url = listener.returnURL + "?status=succeeded&state=\(state)"
        #expect(try await Browser.get(url).status == 200)
        _ = await listener.result()
        await #expect(throws: (any Error).self) { try await Browser.get(url) }
    }

    @Test func noRedirectBeforeTheTimeoutMeansTimedOut() async throws {
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: .zero)
        #expect(await listener.result() == .timedOut)
    }

    @Test func anInvalidStateIsRefusedAtStart() async throws {
        await #expect(throws: HostedCheckoutError.self) {
            _ = try await LoopbackRedirectListener.start(state: "has space", timeout: .seconds(1))
        }
    }
}
