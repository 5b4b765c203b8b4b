/// Where a browser on this machine reaches a server listening on `host`: the address itself,
/// or loopback for a wildcard (not somewhere a browser can go); IPv6 literals in brackets, as a
/// URL needs them.
public enum ReachableHost {
    public static func forListening(on host: String) -> String {
        let reachable = ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : host
        return reachable.contains(":") && !reachable.hasPrefix("[") ? "[\(reachable)]" : reachable
    }
}
