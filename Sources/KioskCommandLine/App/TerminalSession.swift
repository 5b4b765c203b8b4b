import KioskViewModels
import PaymentsCore
import StorefrontClient

/// The terminal's session on a data directory's store: its token kept in the directory's
/// `session` file, after taking over the sign-in an older Kiosk kept in the store itself.
package enum TerminalSession {
    package static func keeper(for service: LocalPaymentsService, in directory: DataDirectory) async throws -> SessionTokenKeeper {
        let file = SessionTokenFile(directory)
        if try file.load() == nil {
            _ = try await service.adoptLegacySignIn(save: { try file.save($0) })
        }
        return .file(file)
    }
}
