/// A registered return or cancel URL, pre-digested into the byte forms the detector compares
/// against, so classifying a navigated URL never re-parses the registered one.
///
/// A final class rather than a struct so that handing an endpoint around the hot path costs one
/// reference count instead of one per stored array.
final class RedirectEndpoint: Sendable {
    /// A query item the registered URL carries and every redirect must carry with the same value.
    struct RequiredItem: Sendable {
        let slot: Int
        let decodedValue: [UInt8]
    }

    static let sessionIDTemplate = Array("{CHECKOUT_SESSION_ID}".utf8)
    static let statusSlot = 0
    static let stateSlot = 1
    static let paymentIDSlot = 2
    static let subscriptionIDSlot = 3
    static let sessionIDSlot = 4
    private static let readNames = ["status", "state", "payment_id", "subscription_id", "session_id"]
        .map { Array($0.utf8) }

    let role: RedirectEndpointRole
    let isHTTPS: Bool
    let host: [UInt8]
    let port: Int
    let path: [UInt8]
    /// Decoded names of every query parameter counted in a redirect: the provider parameters
    /// (indexed by the `*Slot` constants), then the session template item and required items.
    let parameterNames: [[UInt8]]
    let requiredItems: [RequiredItem]
    /// Slot of the item whose registered value is `{CHECKOUT_SESSION_ID}`, for Stripe-style
    /// success URLs.
    let sessionTemplateSlot: Int?
    /// A `state` written into the registered URL itself, which the provider echoes back.
    let embeddedState: [UInt8]?

    private init(
        role: RedirectEndpointRole,
        isHTTPS: Bool,
        host: [UInt8],
        port: Int,
        path: [UInt8],
        parameterNames: [[UInt8]],
        requiredItems: [RequiredItem],
        sessionTemplateSlot: Int?,
        embeddedState: [UInt8]?
    ) {
        self.role = role
        self.isHTTPS = isHTTPS
        self.host = host
        self.port = port
        self.path = path
        self.parameterNames = parameterNames
        self.requiredItems = requiredItems
        self.sessionTemplateSlot = sessionTemplateSlot
        self.embeddedState = embeddedState
    }

    static func parse(_ url: String, role: RedirectEndpointRole) throws(RedirectConfigurationError) -> RedirectEndpoint {
        var url = url
        let parsed: Result<RedirectEndpoint, RedirectConfigurationError> = url.withUTF8 { bytes in
            Result { () throws(RedirectConfigurationError) in try parse(bytes, role: role) }
        }
        return try parsed.get()
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        role: RedirectEndpointRole
    ) throws(RedirectConfigurationError) -> RedirectEndpoint {
        let parts: StrictURLParts
        let host: [UInt8]
        do {
            parts = try StrictURLSplitter.split(bytes)
            host = try URLHost.asciiForm(bytes, parts.host)
        } catch {
            throw .malformedURL(role, error.reason)
        }
        guard parts.fragment == nil else { throw .fragmentNotAllowed(role) }

        var names = readNames
        var required: [RequiredItem] = []
        var templateSlot: Int?
        var state: [UInt8]?
        var seen: [[UInt8]] = []
        var cursor = QueryItemCursor(bytes, parts.query ?? 0..<0)
        while let item = cursor.next() {
            let name = PercentEncoding.decoded(bytes, item.name)
            let value = PercentEncoding.decoded(bytes, item.value)
            let nameText = String(decoding: name, as: UTF8.self)
            guard !seen.contains(name) else { throw .duplicateQueryParameter(role, name: nameText) }
            seen.append(name)
            let readSlot = readNames.firstIndex(of: name)
            if value == sessionIDTemplate {
                let isAllowedName = readSlot == nil || readSlot == sessionIDSlot
                guard role == .returnURL, templateSlot == nil, isAllowedName else {
                    throw .misplacedSessionTemplate(role)
                }
                if let readSlot {
                    templateSlot = readSlot
                } else {
                    templateSlot = names.count
                    names.append(name)
                }
            } else if readSlot == stateSlot {
                guard RedirectParameterSyntax.isState(value) else { throw .invalidState }
                state = value
            } else if readSlot != nil {
                throw .reservedQueryParameter(role, name: nameText)
            } else {
                required.append(RequiredItem(slot: names.count, decodedValue: value))
                names.append(name)
            }
        }
        return RedirectEndpoint(
            role: role,
            isHTTPS: parts.isHTTPS,
            host: host,
            port: parts.port,
            path: parts.path.isEmpty ? [UInt8(ascii: "/")] : Array(bytes[parts.path]),
            parameterNames: names,
            requiredItems: required,
            sessionTemplateSlot: templateSlot,
            embeddedState: state
        )
    }

    /// Same scheme, host (ASCII form, case-insensitive), effective port and exact path bytes.
    /// `asciiHost` is the navigated host's IDNA form when it had non-ASCII characters.
    func isLocation(
        of bytes: UnsafeBufferPointer<UInt8>,
        _ parts: StrictURLParts,
        asciiHost: [UInt8]?
    ) -> Bool {
        guard parts.isHTTPS == isHTTPS, parts.port == port else { return false }
        let hostMatches = asciiHost.map { $0 == host }
            ?? URLHost.asciiEquals(bytes, parts.host, lowercased: host)
        guard hostMatches else { return false }
        if parts.path.isEmpty { return path == [UInt8(ascii: "/")] }
        guard parts.path.count == path.count else { return false }
        var offset = 0
        while offset < path.count {
            if bytes[parts.path.lowerBound + offset] != path[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether two endpoints share a location, which would make a redirect ambiguous.
    func hasSameLocation(as other: RedirectEndpoint) -> Bool {
        isHTTPS == other.isHTTPS && host == other.host && port == other.port && path == other.path
    }
}

/// Which registered URL a configuration problem was found in.
public enum RedirectEndpointRole: String, Sendable, Hashable {
    case returnURL = "return_url"
    case cancelURL = "cancel_url"
}
