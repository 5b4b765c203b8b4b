import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk store notifications`: the App Store Server Notifications V2 outbox.
struct StoreNotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "App Store Server Notifications V2: list, send a test, deliver, set the URL.",
        subcommands: [StoreNotificationsListCommand.self, StoreNotificationsTestCommand.self,
                      StoreNotificationsDeliverCommand.self, StoreNotificationsURLCommand.self],
        defaultSubcommand: StoreNotificationsListCommand.self)
}

/// Lists the outbox, or with `--signed` prints each notification's `signedPayload`, one per line.
struct StoreNotificationsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the notifications (type, subtype, status, attempts), oldest first.")

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print each notification's signedPayload (a compact JWS) instead, one per line.") var signed = false

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        let appStore = store.openAppStore(beside: service)
        try await Terminal.reportingFailures {
            if signed {
                for entry in try await appStore.signedNotifications() { print(entry.signedPayload) }
                return
            }
            for notification in try await appStore.notifications() {
                let kind = [notification.kind.type, notification.kind.subtype].compactMap { $0 }.joined(separator: "/")
                let error = notification.lastError.map { "  last error: \($0)" } ?? ""
                print("\(notification.uuid)  \(kind)  \(notification.status.rawValue)  attempts \(notification.attempts)\(error)")
            }
        }
    }
}

struct StoreNotificationsTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Queue a TEST notification, as App Store Connect's test request does.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        let appStore = store.openAppStore(beside: service)
        try await Terminal.reportingFailures {
            print("Queued TEST notification \(try await appStore.sendTestNotification().uuid).")
        }
    }
}

/// Sends what is due now; exit 1 when any delivery failed (it stays queued for its next retry).
struct StoreNotificationsDeliverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Post every notification due now to the notification URL; failures are retried 1, 12, 24, 48 and 72 hours on.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let transport = ServerStack.required(\.storeNotificationTransport)
        let (service, _, _) = try await store.openUpToDate()
        let appStore = store.openAppStore(beside: service)
        try await Terminal.reportingFailures {
            let report = try await appStore.deliverNotifications(transport: transport)
            print("\(report.delivered) delivered, \(report.failed) failed")
            if report.failed > 0 { throw ExitCode(1) }
        }
    }
}

struct StoreNotificationsURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url", abstract: "Show, set or clear the URL notifications are posted to.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "An http(s) URL.") var url: String?
    @Flag(help: "Stop posting; notifications wait in the outbox.") var clear = false

    func validate() throws {
        if let url {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                  parsed.host != nil else {
                throw ValidationError("\(url) is not an http(s) URL")
            }
        }
        if clear && url != nil { throw ValidationError("give a URL or --clear, not both") }
    }

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        try await Terminal.reportingFailures {
            var settings = try await service.settings()
            if url == nil && !clear {
                print(settings.notificationURL ?? "(none: notifications wait in the outbox)")
                return
            }
            settings.notificationURL = url
            try await service.updateSettings(settings)
            print(url.map { "Notifications go to \($0)." } ?? "Notifications wait in the outbox.")
        }
    }
}
