import ArgumentParser
import Foundation
import KioskCommandLine
import KioskSSH
import PaymentsCore

/// The data directory's SSH host key, or a clear message and EX_CANTCREAT.
enum SSHHostKeyFile {
    static func load(_ directory: DataDirectory) throws -> SSHHostKey {
        do {
            try directory.create()
            // Servers starting together on one data directory agree on one key: the first makes it.
            return try DirectoryLock.withLock(in: directory.url) { try SSHHostKey.loadOrCreate(in: directory.url) }
        } catch {
            Terminal.error("kiosk: cannot read or create the SSH host key in \(directory.url.path): \(error)")
            throw ExitCode(73)
        }
    }
}
