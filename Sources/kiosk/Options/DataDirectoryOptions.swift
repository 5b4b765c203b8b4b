import ArgumentParser
import Foundation
import PaymentsCore

/// `--data-dir`, shared by every command that opens the store.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: "Data directory (default: $KIOSK_DATA_DIR, else $XDG_DATA_HOME/kiosk, else ~/.local/share/kiosk).")
    var dataDir: String?

    var directory: DataDirectory {
        DataDirectory.resolve(explicit: dataDir, environment: ProcessInfo.processInfo.environment)
    }
}
