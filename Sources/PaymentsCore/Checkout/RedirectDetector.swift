/// Classifies the URLs a browser is sent to after a hosted checkout (DodoPayments, Stripe
/// Checkout, Paddle, Polar) against the return and cancel URLs registered for the session.
///
/// A URL counts as one of our endpoints only on an exact match: same scheme, same host in its
/// lowercased ASCII (IDNA) form, same port after default-port normalization, byte-identical
/// percent-encoded path, and every query item of the registered URL present with the same value.
/// Anything else is `ignored`; anything malformed or tampered with is `rejected`. The result is a
/// hint for the UI, never proof of payment: access is granted after server-side confirmation.
///
/// Stripe-style success URLs (a registered query item whose value is `{CHECKOUT_SESSION_ID}`)
/// classify as `pending` with reason `checkout_session_returned`, not `succeeded`: Stripe also
/// redirects to the success URL when a delayed payment method (bank debits, vouchers) has only
/// been submitted, and the URL carries no status, so "confirm server-side" is the only honest
/// reading.
public struct RedirectDetector: Sendable {
    private let endpoints: [RedirectEndpoint]
    private let state: [UInt8]?

    /// - Parameters:
    ///   - returnURL: The URL the provider redirects to after checkout (Dodo `return_url`,
    ///     Stripe `success_url`).
    ///   - cancelURL: The URL the provider redirects to when the customer abandons checkout.
    ///   - state: The session's anti-forgery value. When set, every redirect to either endpoint
    ///     must carry it as `state`, including the cancel redirect, since a forged cancel would
    ///     otherwise abort a checkout in progress. It may instead be embedded in the registered
    ///     URLs as a `state` query item.
    public init(returnURL: String, cancelURL: String? = nil, state: String? = nil) throws(RedirectConfigurationError) {
        let returnEndpoint = try RedirectEndpoint.parse(returnURL, role: .returnURL)
        var endpoints = [returnEndpoint]
        if let cancelURL {
            let cancelEndpoint = try RedirectEndpoint.parse(cancelURL, role: .cancelURL)
            guard !cancelEndpoint.hasSameLocation(as: returnEndpoint) else {
                throw .indistinguishableEndpoints
            }
            endpoints.append(cancelEndpoint)
        }
        var sessionState = state.map { Array($0.utf8) }
        if let sessionState, !RedirectParameterSyntax.isState(sessionState) {
            throw .invalidState
        }
        for embedded in endpoints.compactMap(\.embeddedState) {
            if let sessionState, sessionState != embedded { throw .conflictingState }
            sessionState = embedded
        }
        self.endpoints = endpoints
        self.state = sessionState
    }

    /// Classifies one URL the browser navigated to. Never throws: a browser can be sent anywhere,
    /// so malformed input is an ordinary `rejected` result rather than an error.
    public func classify(_ navigatedURL: String) -> RedirectClassification {
        var navigatedURL = navigatedURL
        return navigatedURL.withUTF8 { classify(bytes: $0) }
    }

    private func classify(bytes: UnsafeBufferPointer<UInt8>) -> RedirectClassification {
        let parts: StrictURLParts
        let asciiHost: [UInt8]?
        do {
            parts = try StrictURLSplitter.split(bytes)
            asciiHost = parts.hostIsASCII ? nil : try URLHost.asciiForm(bytes, parts.host)
        } catch {
            return RedirectClassification(outcome: .rejected, reason: error.reason)
        }
        for endpoint in endpoints where endpoint.isLocation(of: bytes, parts, asciiHost: asciiHost) {
            return withUnsafeTemporaryAllocation(
                of: Range<Int>?.self,
                capacity: endpoint.parameterNames.count
            ) { values in
                values.initialize(repeating: nil)
                if let duplicate = collectParameters(bytes, parts.query, endpoint, into: values) {
                    return duplicate
                }
                return evaluate(bytes, endpoint, values)
            }
        }
        return RedirectClassification(outcome: .ignored, reason: .notOurEndpoint)
    }

    /// Records where each counted parameter's value is; any repeat of a counted name is fatal,
    /// because the provider, the app and its server might each read a different copy.
    private func collectParameters(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ query: Range<Int>?,
        _ endpoint: RedirectEndpoint,
        into values: UnsafeMutableBufferPointer<Range<Int>?>
    ) -> RedirectClassification? {
        guard let query else { return nil }
        var cursor = QueryItemCursor(bytes, query)
        let names = endpoint.parameterNames
        while let item = cursor.next() {
            var slot = 0
            while slot < names.count, !PercentEncoding.decodedEquals(bytes, item.name, names[slot]) {
                slot += 1
            }
            guard slot < names.count else { continue }
            guard values[slot] == nil else { return Self.rejected(.duplicateParameter) }
            values[slot] = item.value
        }
        return nil
    }

    private func evaluate(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ endpoint: RedirectEndpoint,
        _ values: UnsafeMutableBufferPointer<Range<Int>?>
    ) -> RedirectClassification {
        for item in endpoint.requiredItems {
            guard let value = values[item.slot],
                  PercentEncoding.decodedEquals(bytes, value, item.decodedValue) else {
                return RedirectClassification(outcome: .ignored, reason: .registeredQueryMismatch)
            }
        }
        if let state {
            guard let value = values[RedirectEndpoint.stateSlot] else { return Self.rejected(.missingState) }
            guard RedirectParameterSyntax.isState(bytes, value) else { return Self.rejected(.invalidState) }
            guard ConstantTimeComparison.equals(bytes, value, state) else { return Self.rejected(.stateMismatch) }
        }
        let sessionSlot = endpoint.sessionTemplateSlot ?? RedirectEndpoint.sessionIDSlot
        if endpoint.sessionTemplateSlot != nil, values[sessionSlot] == nil {
            return Self.rejected(.missingSessionID)
        }
        guard Self.isValidIdentifier(bytes, values[RedirectEndpoint.paymentIDSlot]) else {
            return Self.rejected(.invalidPaymentID)
        }
        guard Self.isValidIdentifier(bytes, values[RedirectEndpoint.subscriptionIDSlot]) else {
            return Self.rejected(.invalidSubscriptionID)
        }
        guard Self.isValidIdentifier(bytes, values[sessionSlot]) else { return Self.rejected(.invalidSessionID) }
        let status = values[RedirectEndpoint.statusSlot]
        if let status, !RedirectParameterSyntax.isStatus(bytes, status) {
            return Self.rejected(.invalidStatus)
        }

        let (outcome, reason): (RedirectOutcome, RedirectReason)
        if endpoint.role == .cancelURL {
            (outcome, reason) = (.cancelled, .cancelEndpoint)
        } else if endpoint.sessionTemplateSlot != nil {
            (outcome, reason) = (.pending, .checkoutSessionReturned)
        } else if let status {
            (outcome, reason) = DodoReturnStatus.classify(bytes, status)
        } else {
            (outcome, reason) = (.pending, .statusMissing)
        }
        return RedirectClassification(
            outcome: outcome,
            reason: reason,
            paymentID: Self.text(bytes, values[RedirectEndpoint.paymentIDSlot]),
            subscriptionID: Self.text(bytes, values[RedirectEndpoint.subscriptionIDSlot]),
            sessionID: Self.text(bytes, values[sessionSlot])
        )
    }

    private static func rejected(_ reason: RedirectReason) -> RedirectClassification {
        RedirectClassification(outcome: .rejected, reason: reason)
    }

    /// An absent identifier is fine; a present one must be well-formed.
    private static func isValidIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>?) -> Bool {
        guard let value else { return true }
        return RedirectParameterSyntax.isIdentifier(bytes, value)
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>?) -> String? {
        guard let value else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
    }
}

/// Compares secrets without an early exit, so response timing does not reveal how many leading
/// bytes of a guessed state were right.
enum ConstantTimeComparison {
    static func equals(
        _ candidate: UnsafeBufferPointer<UInt8>,
        _ candidateRange: Range<Int>,
        _ secret: [UInt8]
    ) -> Bool {
        var difference = UInt(bitPattern: candidateRange.count ^ secret.count)
        let length = min(candidateRange.count, secret.count)
        var offset = 0
        while offset < length {
            difference |= UInt(candidate[candidateRange.lowerBound + offset] ^ secret[offset])
            offset += 1
        }
        return difference == 0
    }
}
