/// Which registered URL a configuration problem was found in.
public enum RedirectEndpointRole: String, Sendable, Hashable {
    case returnURL = "return_url"
    case cancelURL = "cancel_url"
}
