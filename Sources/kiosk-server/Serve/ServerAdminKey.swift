import ArgumentParser
import Foundation
import KioskCommandLine
import KioskServer
import PaymentsCore

/// The data directory's admin key, or a clear message and EX_CANTCREAT.
enum ServerAdminKey {
    static func load(_ directory: DataDirectory) throws -> AdminKey {
        do {
            try directory.create()
            try directory.tightenExisting()
            // Servers starting together on one data directory agree on one key: the first makes it.
            return try DirectoryLock.withLock(in: directory.url) {
                var generator = SystemRandomNumberGenerator()
                return try AdminKey.loadOrCreate(in: directory.url, using: &generator)
            }
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("kiosk: cannot read or create the admin key in \(directory.url.path): \(reason)")
            throw ExitCode(73)
        }
    }
}
