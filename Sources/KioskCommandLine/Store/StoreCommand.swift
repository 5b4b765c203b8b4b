import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk store …`: the simulated store's test controls, scriptable from a shell.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Buy on a store account; inspect and set the simulated store's test controls, snapshots and pending actions.",
        subcommands: [StoreBuyCommand.self, StoreControlsCommand.self, StoreSnapshotCommand.self, StorePendingCommand.self,
                      StoreSyncCommand.self, StoreClearCommand.self, StoreResetCommand.self, StoreCheckCommand.self,
                      StoreNotificationsCommand.self])
}

/// An `on`/`off` switch value.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    var isOn: Bool { self == .on }
}

struct StoreControlsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controls",
        abstract: "Show the store controls, or change them.",
        discussion: """
            Faults are written OPERATION:ERROR[:COUNT], e.g. purchase:network_error:2 fails the next two \
            purchases; without COUNT every call fails until --clear-faults. Operations: \
            \(StoreOperation.allCases.map(\.rawValue).joined(separator: ", ")). Errors: \
            \(StoreError.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("ask-to-buy"), help: "Store purchases wait for approval.") var askToBuy: Switch?
    @Option(name: .customLong("interrupted"), help: "Store purchases are interrupted until resolved.") var interrupted: Switch?
    @Option(name: .customLong("renewals-fail"), help: "Every renewal charge fails (billing retry).") var renewalsFail: Switch?
    @Option(name: .customLong("grace"), help: "Billing grace period.") var grace: Switch?
    @Option(name: .customLong("drop-receipts"), help: "The network drops the next N receipt submissions.") var dropReceipts: Int?
    @Option(name: .customLong("duplicate-receipts"), help: "Every receipt is submitted twice.") var duplicateReceipts: Switch?
    @Option(name: .customLong("backend-errors"), help: "The backend answers the next N receipts with a server error.")
    var backendErrors: Int?
    @Option(name: .customLong("fail"), help: "Arm a fault: OPERATION:ERROR[:COUNT] (repeatable).") var faults: [String] = []
    @Flag(name: .customLong("clear-faults"), help: "Remove every armed fault first.") var clearFaults = false
    @Flag(help: "Print the controls as one JSON object (snake_case keys) instead of text.") var json = false

    /// Whether the command only shows the controls (and so must find an existing store).
    private var changesNothing: Bool {
        askToBuy == nil && interrupted == nil && renewalsFail == nil && grace == nil && dropReceipts == nil
            && duplicateReceipts == nil && backendErrors == nil && faults.isEmpty && !clearFaults
    }

    func validate() throws {
        for fault in faults where Self.fault(fault) == nil {
            throw ValidationError("--fail \(fault): expected OPERATION:ERROR[:COUNT], see --help")
        }
        if let dropReceipts, dropReceipts < 0 { throw ValidationError("--drop-receipts must not be negative") }
        if let backendErrors, backendErrors < 0 { throw ValidationError("--backend-errors must not be negative") }
    }

    func run() async throws {
        let (service, _, _) = try store.open(existingOnly: changesNothing)
        let desk = store.openDesk(beside: service)
        var controls = try await desk.storeControls()
        if let askToBuy { controls.askToBuy = askToBuy.isOn }
        if let interrupted { controls.interruptedPurchases = interrupted.isOn }
        if let renewalsFail { controls.renewalsFail = renewalsFail.isOn }
        if let dropReceipts { controls.droppedReceiptSubmissions = dropReceipts }
        if let duplicateReceipts { controls.duplicateReceiptSubmissions = duplicateReceipts.isOn }
        if let backendErrors { controls.backendServerErrors = backendErrors }
        if clearFaults { controls.faults = [] }
        controls.faults += faults.compactMap(Self.fault)
        try await desk.updateStoreControls(controls)
        if let grace {
            var settings = try await service.settings()
            settings.gracePeriodEnabled = grace.isOn
            try await service.updateSettings(settings)
        }
        let settings = try await service.settings()
        if json {
            return print(try StoreControlsJSON(controls: controls, settings: settings).encoded())
        }
        print("ask-to-buy: \(Self.word(controls.askToBuy))")
        print("interrupted purchases: \(Self.word(controls.interruptedPurchases))")
        print("renewals fail: \(Self.word(controls.renewalsFail))")
        print("grace period: \(Self.word(settings.gracePeriodEnabled)) (\(settings.gracePeriodDays) days), billing retry \(settings.billingRetryDays) days")
        print("dropped receipt submissions: \(controls.droppedReceiptSubmissions)")
        print("duplicate receipt submissions: \(Self.word(controls.duplicateReceiptSubmissions))")
        print("backend server errors: \(controls.backendServerErrors)")
        for fault in controls.faults {
            print("fault: \(fault.operation.rawValue) fails with \(fault.error.rawValue) "
                  + (fault.remaining.map { "(\($0) more)" } ?? "(every call)"))
        }
    }

    static func fault(_ text: String) -> StoreFault? {
        let parts = text.split(separator: ":").map(String.init)
        guard (2...3).contains(parts.count), let operation = StoreOperation(rawValue: parts[0]),
              let error = StoreError(rawValue: parts[1]) else { return nil }
        if parts.count == 3 {
            guard let count = Int(parts[2]), count > 0 else { return nil }
            return StoreFault(operation: operation, error: error, remaining: count)
        }
        return StoreFault(operation: operation, error: error)
    }

    private static func word(_ on: Bool) -> String { on ? "on" : "off" }
}

struct StoreSnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Save, restore or list named snapshots of the whole store.",
        discussion: """
            With --database URL (or KIOSK_DATABASE_URL) the snapshots of that PostgreSQL store, kept in its \
            database where every server of the store sees them.
            """)

    enum Verb: String, ExpressibleByArgument, CaseIterable { case save, restore, list }

    @OptionGroup var store: StoreOptions
    @OptionGroup var postgres: PostgresDatabaseOptions
    @Argument(help: "save, restore or list.") var verb: Verb
    @Argument(help: "Snapshot name (letters, digits, '-', '_', '.').") var name: String?

    func validate() throws {
        if verb != .list && name == nil { throw ValidationError("\(verb.rawValue) needs a snapshot name") }
    }

    func run() async throws {
        let service = try await postgres.openStore(store, command: "kiosk store snapshot").service
        try await Terminal.reportingFailures {
            switch verb {
            case .save:
                try await service.saveSnapshot(named: name ?? "")
                print("Saved snapshot \(name ?? "").")
            case .restore:
                try await service.restoreSnapshot(named: name ?? "")
                print("Restored snapshot \(name ?? "").")
            case .list:
                for snapshot in try await service.snapshots() { print(snapshot) }
            }
        }
    }
}

struct StorePendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending", abstract: "List pending actions, or approve or decline one.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Approve this pending purchase (ask to buy, interrupted).") var approve: String?
    @Option(help: "Decline this pending purchase.") var decline: String?

    func run() async throws {
        let (service, _, _) = try store.open(existingOnly: approve == nil && decline == nil)
        let desk = store.openDesk(beside: service)
        try await Terminal.reportingFailures {
            if let approve {
                if case let .success(transaction, _) = try await desk.approvePurchase(pendingID: approve) {
                    print("Approved \(approve): transaction \(transaction.payload.transactionId).")
                }
            } else if let decline {
                try await desk.declinePurchase(pendingID: decline)
                print("Declined \(decline).")
            } else {
                let actions = try await desk.pendingActions(accountID: nil)
                if actions.isEmpty { print("No pending actions.") }
                for action in actions {
                    print("\(action.id)  \(action.kind.rawValue)  \(action.accountID)  \(action.productID ?? "")"
                          + (action.newPrice.map { "  new price \($0.formatted())" } ?? ""))
                }
            }
        }
    }
}

struct StoreSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Deliver due receipts from the sync queue to the backend.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (service, _, _) = try store.open()
        let report = try await store.openAppStore(beside: service).deliverReceipts()
        print("delivered \(report.delivered), failed \(report.failed), waiting \(report.waiting)")
    }
}

struct StoreClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Delete every transaction, subscription, invoice and usage record (accounts stay).")

    @OptionGroup var store: StoreOptions
    @Flag(help: "Confirm: this cannot be undone (save a snapshot first if in doubt).") var yes = false

    func validate() throws {
        guard yes else { throw ValidationError("clearing deletes all purchase history: add --yes to confirm") }
    }

    func run() async throws {
        let (service, _, _) = try store.open()
        try await store.openDesk(beside: service).clearAllTransactions()
        print("Cleared all transactions.")
    }
}

struct StoreResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Put the store controls and lifecycle settings back to their defaults.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (service, _, _) = try store.open()
        try await store.openDesk(beside: service).resetStore()
        print("Store controls and settings reset to defaults.")
    }
}
