import ArgumentParser
import Foundation
import KioskServer
import PaymentsCore

/// The data directory's admin key, or a clear message and EX_CANTCREAT.
enum ServerAdminKey {
    static func load(_ directory: DataDirectory) throws -> AdminKey {
        do {
            try directory.create()
            var generator = SystemRandomNumberGenerator()
            return try AdminKey.loadOrCreate(in: directory.url, using: &generator)
        } catch {
            Terminal.error("kiosk: cannot read or create the admin key in \(directory.url.path): \(error)")
            throw ExitCode(73)
        }
    }
}
