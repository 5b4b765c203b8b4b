import ArgumentParser
import Foundation
import KioskCommandLine
import KioskSSH
import NIOCore

/// `kiosk serve --ssh-port …`: the storefront over SSH beside the HTTP APIs.
struct SSHServeOptions: ParsableArguments {
    @Option(help: "Serve the storefront over SSH on this port too (0: any free port).")
    var sshPort: Int?

    @Option(help: "Address for SSH to listen on (default: --host).")
    var sshHost: String?

    @Flag(help: "Print the SSH host key's fingerprint (creating the key if needed) and exit.")
    var printSSHHostKey = false

    @Option(help: "An authorized_keys file: these keys see the QA panel and test controls over SSH.")
    var sshAdminKeys: String?

    @Option(help: "SSH sessions this server runs at once.")
    var sshMaxSessions = SSHLimits().sessionsPerServer

    @Option(help: "SSH sessions one key may hold at once.")
    var sshSessionsPerKey = SSHLimits().sessionsPerKey

    @Option(help: "SSH sessions one source address may hold at once.")
    var sshSessionsPerAddress = SSHLimits().sessionsPerAddress

    @Option(help: "SSH connections and refused sign-ins one address may make a minute.")
    var sshAuthAttemptsPerMinute = SSHLimits().authAttemptsPerAddressPerMinute

    @Option(help: "Minutes without a key press before an SSH session closes (warned a minute before).")
    var sshIdleMinutes = 30

    @Flag(help: "Demo mode: every SSH connection gets a fresh, seeded store of its own (QA panel on), deleted when it ends.")
    var sshDemo = false

    @Option(help: "With --ssh-demo: demo stores (connections) at once; past it visitors are told the demo is full.")
    var sshDemoSessions = 20

    @Option(help: ArgumentHelp(
        "Where customers' browsers reach this server's checkout pages (a tunnel or proxy to --checkout-port): over SSH the checkout then offers paying in a browser, with the link and a QR code.",
        valueName: "url"))
    var publicURL: String?

    @Option(help: "With --public-url: the port the checkout pages are served on here (default: the URL's port).")
    var checkoutPort: Int?

    /// The public base of the checkout pages, checked by `validate`.
    var checkoutBase: URL? {
        publicURL.flatMap { URL(string: $0.hasSuffix("/") ? String($0.dropLast()) : $0) }
    }

    /// Where the checkout server listens: the port the public URL is forwarded to.
    var checkoutListeningPort: Int {
        guard let base = checkoutBase else { return 0 }
        return checkoutPort ?? base.port ?? (base.scheme == "https" ? 443 : 80)
    }

    func validate() throws {
        if let sshPort, !(0...65_535).contains(sshPort) { throw ValidationError("--ssh-port must be between 0 and 65535") }
        for (name, value) in [("--ssh-max-sessions", sshMaxSessions), ("--ssh-sessions-per-key", sshSessionsPerKey),
                              ("--ssh-sessions-per-address", sshSessionsPerAddress),
                              ("--ssh-auth-attempts-per-minute", sshAuthAttemptsPerMinute), ("--ssh-idle-minutes", sshIdleMinutes)]
        where !(1...1_000_000).contains(value) {
            throw ValidationError("\(name) must be between 1 and 1000000")
        }
        if sshAdminKeys != nil, sshPort == nil { throw ValidationError("--ssh-admin-keys needs --ssh-port") }
        if sshDemo, sshPort == nil { throw ValidationError("--ssh-demo needs --ssh-port") }
        if sshDemo, sshAdminKeys != nil { throw ValidationError("--ssh-demo gives every key the QA panel: --ssh-admin-keys has no use with it") }
        if let publicURL {
            guard let url = checkoutBase, ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
                  url.query == nil, url.fragment == nil, url.user == nil else {
                throw ValidationError("--public-url must be an http:// or https:// address such as https://shop.example.com (it is '\(publicURL)')")
            }
            if sshPort == nil { throw ValidationError("--public-url is for the storefront over SSH: it needs --ssh-port") }
        }
        if let checkoutPort {
            if publicURL == nil { throw ValidationError("--checkout-port needs --public-url") }
            guard (1...65_535).contains(checkoutPort) else { throw ValidationError("--checkout-port must be between 1 and 65535") }
        }
        guard (1...10_000).contains(sshDemoSessions) else { throw ValidationError("--ssh-demo-sessions must be between 1 and 10000") }
    }

    var limits: SSHLimits {
        var limits = SSHLimits()
        limits.sessionsPerServer = sshMaxSessions
        limits.sessionsPerKey = sshSessionsPerKey
        limits.sessionsPerAddress = sshSessionsPerAddress
        limits.authAttemptsPerAddressPerMinute = sshAuthAttemptsPerMinute
        limits.idleTimeout = .minutes(Int64(sshIdleMinutes))
        return limits
    }

    /// The tester keys' fingerprints, or a message naming the file and line.
    func adminFingerprints() throws -> Set<String> {
        guard let sshAdminKeys else { return [] }
        do {
            return try SSHAuthorizedKeys.fingerprints(in: URL(fileURLWithPath: sshAdminKeys))
        } catch {
            Terminal.error("kiosk serve: --ssh-admin-keys: \(error)")
            throw ExitCode(66)
        }
    }
}
