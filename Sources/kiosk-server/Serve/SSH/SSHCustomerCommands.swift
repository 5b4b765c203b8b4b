import Foundation
import KioskCommandLine
import KioskSSH
import PaymentsCore

/// What `ssh HOST COMMAND` may run: read-only views of the signed-in customer's own account.
enum SSHCustomerCommands {
    static let usage = "Commands: `status` (your plan and latest invoices), `invoices --json` (your invoices as JSON).\n"

    static func run(_ command: String, accountID: String, service: any PaymentsService) async -> SSHCommandResult {
        let words = command.split(separator: " ").map(String.init)
        do {
            switch words {
            case ["status"]:
                return SSHCommandResult(output: try await status(accountID: accountID, service: service), exitStatus: 0)
            case ["invoices", "--json"]:
                return SSHCommandResult(output: try await invoicesJSON(accountID: accountID, service: service), exitStatus: 0)
            default:
                return SSHCommandResult(output: "kiosk: '\(command.prefix(80))' is not a command here. " + usage, exitStatus: 127)
            }
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            return SSHCommandResult(output: "kiosk: \(reason)\n", exitStatus: 1)
        }
    }

    private static func status(accountID: String, service: any PaymentsService) async throws -> String {
        let account = try await service.account(accountID)
        let catalog = try await service.catalog()
        var lines = ["\(account.name) (\(account.id), \(account.currency))"]
        let subscriptions = try await service.subscriptions(accountID: accountID)
        if let subscription = subscriptions.first {
            let name = switch catalog.product(id: subscription.productID) {
            case let .subscription(plan, _): plan.name
            default: subscription.productID
            }
            lines.append("Plan: \(name), \(subscription.state.plainWords)")
        } else {
            lines.append("Plan: none")
        }
        let entitlements = Set(try await service.entitlements(accountID: accountID).map(\.id)).sorted()
        lines.append("Entitlements: \(entitlements.isEmpty ? "none" : entitlements.joined(separator: ", "))")
        lines.append("Latest invoices:")
        let invoices = try await service.invoices(accountID: accountID, query: InvoiceQuery(limit: 5)).items
        for invoice in invoices {
            lines.append("  \(invoice.id)  \(invoice.total.formatted())  \(invoice.status.rawValue)  \(invoice.description)")
        }
        if invoices.isEmpty { lines.append("  none") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func invoicesJSON(accountID: String, service: any PaymentsService) async throws -> String {
        var invoices: [Invoice] = []
        var cursor: String?
        repeat {
            let page = try await service.invoices(accountID: accountID, query: InvoiceQuery(cursor: cursor, limit: 100))
            invoices += page.items
            cursor = page.nextCursor
        } while cursor != nil && invoices.count < 10_000
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(invoices), as: UTF8.self) + "\n"
    }
}
