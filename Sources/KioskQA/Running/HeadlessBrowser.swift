import Foundation
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// The hosted checkout page, in process: sessions are created and paid by the same simulated
/// provider the real checkout server uses, and the customer's moves come from the scenario's `browser` steps.
/// No server or socket is involved, so scenarios stay deterministic and run in parallel.
actor HeadlessBrowser {
    private let provider: any HostedCheckoutService
    private var generator: SeededGenerator
    private var answers: [BrowserAnswer] = []
    private var parked: [String: CheckedContinuation<HostedCheckoutOutcome, Never>] = [:]
    private let onParkedChange: @Sendable (Int) async -> Void

    init(provider: any HostedCheckoutService, seed: UInt64, onParkedChange: @escaping @Sendable (Int) async -> Void) {
        self.provider = provider
        generator = SeededGenerator(seed: seed ^ 0xB0B)
        self.onParkedChange = onParkedChange
    }

    nonisolated var client: HostedCheckoutClient {
        var client = HostedCheckoutClient(
            createSession: { try await self.createSession($0) },
            awaitOutcome: { await self.awaitOutcome($0) },
            session: { try await self.session($0) },
            abandon: { try await self.abandon($0) })
        client.openInBrowser = { _ in }
        client.copyToClipboard = { _ in }
        return client
    }

    /// What the customer does next; answers a page the app is already waiting on at once.
    func answer(_ answer: BrowserAnswer) async throws {
        if let (id, continuation) = parked.first, answer != .abandon {
            parked[id] = nil
            await onParkedChange(parked.count)
            continuation.resume(returning: try await perform(answer, sessionID: id))
        } else {
            answers.append(answer)
        }
    }

    /// The scenario ended with the page still open: the app's wait ends as a cancel.
    func release() async {
        let waiting = parked
        parked = [:]
        await onParkedChange(0)
        for continuation in waiting.values { continuation.resume(returning: .cancelled) }
    }

    private func createSession(_ request: HostedCheckoutRequest) async throws -> HostedCheckoutSession {
        let new = NewCheckoutSession(accountID: request.accountID, productID: request.productID,
                                     successURL: "http://127.0.0.1/checkout/success", cancelURL: "http://127.0.0.1/checkout/cancel",
                                     state: request.idempotencyKey, offerCode: request.offerCode,
                                     idempotencyKey: request.idempotencyKey)
        var local = nextGenerator()
        let session = try await provider.createCheckoutSession(new, using: &local)
        return Self.wrap(session)
    }

    private func session(_ id: String) async throws -> HostedCheckoutSession {
        Self.wrap(try await provider.checkoutSession(id))
    }

    private func awaitOutcome(_ id: String) async -> HostedCheckoutOutcome {
        if !answers.isEmpty, answers[0] != .abandon {
            let answer = answers.removeFirst()
            do { return try await perform(answer, sessionID: id) } catch { return .declined(message: "\(error)") }
        }
        if answers.first == .abandon { answers.removeFirst() }
        return await withCheckedContinuation { continuation in
            parked[id] = continuation
            Task { await self.onParkedChange(self.parkedCount) }
        }
    }

    private var parkedCount: Int { parked.count }

    /// A generator of its own per call, so no actor state is held across a suspension.
    private func nextGenerator() -> SeededGenerator {
        SeededGenerator(seed: generator.next())
    }

    /// The app gave up waiting: the server's view decides (paid, expired, or now cancelled).
    private func abandon(_ id: String) async throws -> HostedCheckoutOutcome {
        let session = try await provider.checkoutSession(id)
        let outcome: HostedCheckoutOutcome
        if session.isPaid {
            outcome = paidOutcome(session)
        } else if session.status == .expired {
            outcome = .expired
        } else {
            _ = try await provider.cancelCheckoutSession(id)
            outcome = .cancelled
        }
        if let continuation = parked.removeValue(forKey: id) {
            await onParkedChange(parked.count)
            continuation.resume(returning: outcome)
        }
        return outcome
    }

    private func perform(_ answer: BrowserAnswer, sessionID: String) async throws -> HostedCheckoutOutcome {
        switch answer {
        case let .pay(card):
            let details = CardDetails(number: card, expiryMonth: 12, expiryYear: 2034, cvc: TestCards.cvc(for: card),
                                      cardholderName: "QA Tester", postalCode: "94107")
            switch try await provider.payCheckoutSession(sessionID, card: details) {
            case let .paid(session): return paidOutcome(session)
            case let .declined(_, message): return .declined(message: message)
            case .requiresAction: return .declined(message: "The card needs authentication.")
            case let .invalidCard(_, errors): return .declined(message: "\(errors)")
            case .expired: return .expired
            }
        case .cancel:
            _ = try await provider.cancelCheckoutSession(sessionID)
            return .cancelled
        case .abandon:
            return .cancelled
        }
    }

    private func paidOutcome(_ session: CheckoutSession) -> HostedCheckoutOutcome {
        guard let invoiceID = session.paymentID else { return .declined(message: "The payment left no invoice.") }
        return .succeeded(invoiceID: invoiceID)
    }

    private static func wrap(_ session: CheckoutSession) -> HostedCheckoutSession {
        HostedCheckoutSession(id: session.id, url: "http://127.0.0.1/checkout/\(session.id)", expiresAt: session.expiresAt)
    }
}
