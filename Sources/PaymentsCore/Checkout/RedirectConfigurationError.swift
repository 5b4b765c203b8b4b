/// A registered return or cancel URL, or the session state, that the detector refuses to work
/// with. These are programming or configuration mistakes, so they surface at construction time
/// instead of silently misclassifying every redirect later.
public enum RedirectConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL would itself be rejected as a navigated URL.
    case malformedURL(RedirectEndpointRole, RedirectReason)
    /// Providers append their parameters to the query; a fragment would swallow them.
    case fragmentNotAllowed(RedirectEndpointRole)
    /// A parameter name appears twice, so "the registered value" would be ambiguous.
    case duplicateQueryParameter(RedirectEndpointRole, name: String)
    /// A parameter the detector reads from the provider (status, ids) is hard-coded in the
    /// registered URL, which would let the URL vouch for itself.
    case reservedQueryParameter(RedirectEndpointRole, name: String)
    /// `{CHECKOUT_SESSION_ID}` appears on the cancel URL, more than once, or on a reserved name.
    case misplacedSessionTemplate(RedirectEndpointRole)
    /// Return and cancel URLs share scheme, host, port and path, so a redirect could not be
    /// told apart without trusting optional query parameters.
    case indistinguishableEndpoints
    /// The state is empty, too long, or uses characters outside `[A-Za-z0-9._~-]`.
    case invalidState
    /// The state passed in and a `state` embedded in a registered URL disagree.
    case conflictingState

    public var description: String {
        switch self {
        case .malformedURL(let role, let reason):
            return "\(role.rawValue) is not a valid http(s) URL: \(reason.rawValue)"
        case .fragmentNotAllowed(let role):
            return "\(role.rawValue) must not contain a fragment (#...)"
        case .duplicateQueryParameter(let role, let name):
            return "\(role.rawValue) contains the query parameter '\(name)' more than once"
        case .reservedQueryParameter(let role, let name):
            return "\(role.rawValue) must not contain the provider parameter '\(name)'"
        case .misplacedSessionTemplate(let role):
            return "\(role.rawValue) may contain {CHECKOUT_SESSION_ID} only once, only in the return URL, "
                + "and not as status, state, payment_id or subscription_id"
        case .indistinguishableEndpoints:
            return "return_url and cancel_url must differ in scheme, host, port or path"
        case .invalidState:
            return "state must be 1 to 256 characters from [A-Za-z0-9._~-]"
        case .conflictingState:
            return "state differs from the state embedded in a registered URL"
        }
    }
}
