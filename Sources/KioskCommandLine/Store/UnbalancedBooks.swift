import ArgumentParser
import Foundation
import PaymentsCore

/// A store whose money does not add up (an edited row, a restore from elsewhere) is said so by
/// the commands that read or add to it, not only by `kiosk store check`: `status` shows it and
/// exits 65, `store buy` buys nothing and exits 65 (issue 42, item 9).
enum UnbalancedBooks {
    /// Exits 65 with what is wrong and what to do when the books of `service` do not balance.
    static func check(_ service: LocalPaymentsService, directory: URL, refusing action: String? = nil) async throws {
        let problems = try await service.moneyMismatches()
        guard !problems.isEmpty else { return }
        let shown = problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
        Terminal.error("kiosk: the books of the store in \(directory.path) do not balance (\(shown)): "
                       + "`kiosk store check` lists every broken rule; restore an earlier snapshot "
                       + "(`kiosk store snapshot list`, then `kiosk store snapshot restore NAME`)."
                       + (action.map { " \($0)" } ?? ""))
        throw ExitCode(65)
    }
}
