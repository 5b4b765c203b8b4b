import Foundation
import PaymentsCore
import StorefrontClient

extension CheckoutFeature {
    /// Paying on the hosted checkout page in a browser: the session, the wait for its outcome,
    /// the link's buttons and giving up.
    func reduceBrowser(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case let .browserSessionCreated(result):
            guard case .browser(.creatingSession) = state.status else { return .none }
            switch result {
            case let .success(session):
                state.status = .browser(.waiting(session: session, startedAt: state.now ?? session.expiresAt, elapsedSeconds: 0))
                return .run { send in
                    await send(.browserOutcome(await capture { try await hostedCheckout.awaitOutcome(session.id) }))
                }
                .cancellable(id: BrowserWait(checkoutSessionID: state.sessionID), cancelInFlight: true)
            case let .failure(error):
                state.status = .failed(error)
            }
        case let .browserOutcome(result), let .browserReconciled(result):
            // Once reconciling, only the server's answer decides, not a late browser event.
            switch (state.status, action) {
            case (.browser(.waiting), .browserOutcome): return settle(&state, result, ending: nil)
            case let (.browser(.reconciling(_, after)), .browserReconciled): return settle(&state, result, ending: after)
            default: break
            }
        case let .browserInvoiceLoaded(result):
            guard state.status == .processing else { return .none }
            switch result {
            case let .success(invoice):
                state.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: invoice.id, total: invoice.total,
                                                          unlocked: unlockedNames(productID: state.productID, state: state)))
            case let .failure(error):
                state.status = .failed(error)
            }
        case .openBrowserTapped, .copyLinkTapped:
            guard case let .browser(.waiting(session, _, _)) = state.status else { return .none }
            state.browserNotice = nil
            return handleLink(session.url, opening: action == .openBrowserTapped)
        case let .browserLinkHandled(result):
            switch result {
            case let .success(notice): state.browserNotice = notice
            case let .failure(error): state.browserNotice = "\(error.message) Open the link shown above by hand."
            }
        case .browserCancelTapped:
            switch state.status {
            case let .browser(.waiting(session, _, _)):
                return reconcile(&state, sessionID: session.id, after: .cancelled)
            case .browser(.creatingSession):
                state.status = .browser(.cancelled)
            default:
                break
            }
        default:
            break
        }
        return .none
    }

    func startBrowserCheckout(_ state: inout CheckoutState, accountID: String) -> Effect<CheckoutAction> {
        state.status = .browser(.creatingSession)
        let request = HostedCheckoutRequest(accountID: accountID, productID: state.productID, offerCode: state.promo?.code,
                                            idempotencyKey: state.idempotencyKey)
        return .run { [clock] send in
            await send(.clockTicked(clock.now))
            await send(.browserSessionCreated(await capture { try await hostedCheckout.createSession(request) }))
        }
    }

    /// The session's outcome, from the wait (`ending` nil) or from the lookup after giving up.
    private func settle(_ state: inout CheckoutState, _ result: Result<HostedCheckoutOutcome, ScreenError>,
                        ending: BrowserCheckoutPhase.Ending?) -> Effect<CheckoutAction> {
        switch result {
        case let .success(.succeeded(invoiceID)):
            state.status = .processing
            return .run { send in
                await send(.browserInvoiceLoaded(await capture { try await billing.invoice(invoiceID) }))
            }
        case let .success(.declined(message)):
            state.status = .declined(message: message, advice: "Try another payment method.")
        case .success(.cancelled):
            state.status = .browser(ending == .timedOut ? .timedOut : .cancelled)
        case .success(.expired):
            state.status = .browser(ending == .cancelled ? .cancelled : .timedOut)
        case let .failure(error):
            state.status = .failed(error)
        }
        return .none
    }

    private func handleLink(_ url: String, opening: Bool) -> Effect<CheckoutAction> {
        .run { send in
            await send(.browserLinkHandled(await capture {
                if opening {
                    try await hostedCheckout.openInBrowser(url)
                    return "Opened the checkout page in your browser."
                }
                try await hostedCheckout.copyToClipboard(url)
                return "Copied the checkout link."
            }))
        }
    }

    /// Stops waiting for the browser of a checkout that is being left, so its answer cannot
    /// arrive after the person has moved on.
    static func leave(_ state: CheckoutState) -> Effect<CheckoutAction> {
        .cancel(id: BrowserWait(checkoutSessionID: state.sessionID))
    }

    /// Giving up on the browser is "outcome unknown", never "not paid": look the session up. The
    /// wait itself stops, so only the server's answer can settle the checkout.
    func reconcile(_ state: inout CheckoutState, sessionID: String,
                   after ending: BrowserCheckoutPhase.Ending) -> Effect<CheckoutAction> {
        state.status = .browser(.reconciling(sessionID: sessionID, after: ending))
        return .merge(Self.leave(state), .run { send in
            await send(.browserReconciled(await capture { try await hostedCheckout.abandon(sessionID) }))
        })
    }
}

/// Names one checkout's wait for the browser, so giving up on the browser, or leaving that
/// checkout, stops the wait without touching another checkout's.
struct BrowserWait: Hashable, Sendable {
    let checkoutSessionID: String
}
