import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI

extension ScenarioSession {
    /// Runs one step; a thrown core error fails the step with its message.
    func run(_ step: ScenarioStep, snapshots: SnapshotStore) async -> StepOutcome {
        do {
            return try await perform(step, snapshots: snapshots)
        } catch {
            return .failed(expected: "\(step.name) to run", actual: "error: \(error)", line: step.line, column: step.column)
        }
    }

    private func perform(_ step: ScenarioStep, snapshots: SnapshotStore) async throws -> StepOutcome {
        switch step.kind {
        case let .press(keys):
            for key in keys { await send(.key(key)) }
            return .passed(detail: keys.compactMap(KeyName.name).joined(separator: " "))
        case let .type(text):
            for character in text { await send(.key(.character(character))) }
            return .passed(detail: text)
        case let .act(action):
            switch ActionVocabulary.actions(for: action, state: store.state) {
            case let .success(actions):
                for action in actions { await send(action) }
                return .passed(detail: action.name + (action.argument.map { " \($0)" } ?? ""))
            case let .failure(problem):
                return .failed(expected: "act \(action.name) to apply", actual: problem.message, line: step.line, column: step.column)
            }
        case let .advance(duration):
            let report = try await advance(duration)
            return .passed(detail: "\(duration) to \(ISO8601DateFormatter().string(from: report.to)): \(report.renewals) renewals, "
                + "\(report.failedRenewals) failed, \(report.recoveries) recovered, \(report.expirations) expired, "
                + "\(report.trialConversions) trial conversions")
        case let .set(changes):
            var controls = try await desk.storeControls()
            let now = try await service.now(for: try requireAccount())
            for change in changes { try change.apply(to: &controls, now: now) }
            try await desk.updateStoreControls(controls)
            var settings = try await service.settings()
            changes.forEach { $0.apply(to: &settings) }
            try await service.updateSettings(settings)
            await send(.app(.pollChanges))
            return .passed(detail: "\(changes.count) store controls")
        case let .webhook(command):
            return .passed(detail: try await webhook(command))
        case let .approve(kind):
            return try await resolve(kind, approve: true, step: step)
        case let .decline(kind):
            return try await resolve(kind, approve: false, step: step)
        case let .browser(answer):
            try await browser.answer(answer)
            await tracker.quiet()
            await send(.app(.pollChanges))
            return .passed(detail: "\(answer)")
        case let .priceIncrease(price):
            let accountID = try requireAccount()
            guard let subscription = try await service.subscriptions(accountID: accountID).first(where: \.isActive) else {
                return .failed(expected: "an active subscription to raise the price of", actual: "none", line: step.line, column: step.column)
            }
            _ = try await desk.requestPriceIncrease(subscriptionID: subscription.id, newPrice: price)
            await send(.app(.pollChanges))
            return .passed(detail: "\(subscription.productID) to \(price)")
        case let .use(feature, times):
            let accountID = try requireAccount()
            var accepted = 0
            for index in 0..<times {
                do {
                    _ = try await service.recordUsage(accountID: accountID, featureID: feature,
                                                      idempotencyKey: "qa.\(step.line).\(index)")
                    accepted += 1
                } catch {
                    await send(.app(.pollChanges))
                    return .passed(detail: "\(feature): \(accepted) of \(times) accepted, then: \(error)")
                }
            }
            await send(.app(.pollChanges))
            return .passed(detail: "\(feature): \(accepted) accepted")
        case let .signIn(customer):
            try await signIn(customer)
            await send(.app(.launched))
            return .passed(detail: customer.name)
        case let .resize(size):
            await send(.resized(size))
            return .passed(detail: "\(size.width)x\(size.height)")
        case let .expect(expectations):
            for expectation in expectations {
                if let actual = try await mismatch(expectation) {
                    return .failed(expected: expectation.summary, actual: actual, line: expectation.line, column: expectation.column)
                }
            }
            return .passed(detail: expectations.map(\.summary).joined(separator: "; "))
        case let .snapshot(name):
            switch snapshots.compare(screen, named: name) {
            case let .matched(path), let .written(path): return .passed(detail: path)
            case let .differs(path, stored):
                return .failed(expected: "the screen stored in \(path):\n\(stored)", actual: "a different screen (below)",
                               line: step.line, column: step.column)
            case let .missing(path):
                return .failed(expected: "a stored snapshot at \(path)", actual: "no such file (run with --update-snapshots to record it)",
                               line: step.line, column: step.column)
            }
        case let .chapter(caption), let .caption(caption):
            return .passed(detail: caption)
        }
    }

    func requireAccount() throws -> String {
        guard let accountID else { throw ScenarioStepError("the step needs a signed-in customer; add customer: or sign-in:") }
        return accountID
    }

    private func webhook(_ command: WebhookCommand) async throws -> String {
        let waiting = try await provider.webhookDeliveries().filter { $0.status == .pending }
        func pick(_ which: WebhookPick, from deliveries: [WebhookDelivery]) throws -> WebhookDelivery {
            guard let delivery = which.pick(deliveries) else {
                throw ScenarioStepError("no webhook delivery \(which) among \(deliveries.count)")
            }
            return delivery
        }
        let detail: String
        switch command {
        case .deliver:
            let attempts = try await provider.deliverDueWebhooks(now: clock.now, transport: LoopbackWebhookTransport(service: service))
            detail = "\(attempts.count) delivered"
        case let .delay(which, duration):
            let delivery = try pick(which, from: waiting)
            _ = try await provider.delayWebhookDelivery(delivery.id, until: try duration.advance(clock.now))
            detail = "delayed \(delivery.eventType.rawValue) by \(duration)"
        case let .drop(which):
            let delivery = try pick(which, from: waiting)
            _ = try await provider.dropWebhookDelivery(delivery.id)
            detail = "dropped \(delivery.eventType.rawValue)"
        case let .duplicate(which):
            let delivery = try pick(which, from: try await provider.webhookDeliveries())
            _ = try await provider.duplicateWebhookDelivery(delivery.id)
            detail = "duplicated \(delivery.eventType.rawValue)"
        case let .replay(which):
            let delivery = try pick(which, from: try await provider.webhookDeliveries())
            _ = try await provider.replayWebhookDelivery(delivery.id)
            detail = "replayed \(delivery.eventType.rawValue)"
        case .reverse:
            _ = try await provider.reorderWebhookDeliveries(waiting.reversed().map(\.id))
            detail = "reversed \(waiting.count) waiting deliveries"
        }
        await send(.app(.pollChanges))
        return detail
    }

    /// Answers the newest pending action of a kind: a 3-D Secure challenge on screen through
    /// the checkout (as the person would), anything else as the store or a parent would.
    private func resolve(_ kind: PendingAction.Kind, approve: Bool, step: ScenarioStep) async throws -> StepOutcome {
        if kind == .threeDSecure, case .authenticating? = store.state.app.checkout?.status {
            await send(.app(.checkout(.authenticationAnswered(approved: approve))))
            return .passed(detail: "3-D Secure \(approve ? "approved" : "failed") on screen")
        }
        let accountID = try requireAccount()
        guard let pending = try await desk.pendingActions(accountID: accountID).last(where: { $0.kind == kind }) else {
            return .failed(expected: "a pending \(kind.rawValue)", actual: "none", line: step.line, column: step.column)
        }
        switch kind {
        case .askToBuy, .interruptedPurchase:
            if approve { _ = try await desk.approvePurchase(pendingID: pending.id) } else { try await desk.declinePurchase(pendingID: pending.id) }
        case .priceIncrease:
            _ = try await desk.answerPriceIncrease(pendingID: pending.id, accept: approve)
        case .threeDSecure:
            _ = try await service.completeAuthentication(pendingID: pending.id, approved: approve)
        }
        await send(.app(.pollChanges))
        return .passed(detail: "\(approve ? "approved" : "declined") \(kind.rawValue) \(pending.id)")
    }
}

extension ScenarioSession {
    /// Runs one step outside a scenario run (the demo plays steps one by one): nil when it went
    /// as written, else what went differently.
    public func play(_ step: ScenarioStep) async -> String? {
        switch await run(step, snapshots: SnapshotStore(scenarioFile: scenario.file, update: false)) {
        case .passed: nil
        case let .failed(expected, actual, _, _): "expected \(expected), found \(actual)"
        }
    }
}

/// What running one step found.
enum StepOutcome {
    case passed(detail: String)
    case failed(expected: String, actual: String, line: Int, column: Int)
}

/// A step that cannot run in the state the scenario reached.
struct ScenarioStepError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Hands a signed webhook straight to the app's own endpoint in the same process: the signature
/// is checked and the event applied exactly as over HTTP.
struct LoopbackWebhookTransport: WebhookTransport {
    let service: LocalPaymentsService

    func send(headers: WebhookHeaders, body: Data) async throws -> Int {
        switch try await service.receiveWebhook(httpHeaders: headers.httpHeaders, body: body) {
        case .rejected: 401
        case .malformed: 400
        default: 200
        }
    }
}
