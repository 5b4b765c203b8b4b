import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies the checkout link: through `wl-copy` on Wayland or `xclip` on X11 when installed,
/// else with an OSC 52 escape, which most terminals (and tmux, over SSH too) put on the
/// clipboard of the machine the person is sitting at.
enum Clipboard {
    static func copy(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) async throws {
        if environment["WAYLAND_DISPLAY"] != nil, let program = ExternalCommand.find("wl-copy", environment: environment) {
            try await ExternalCommand.run(program, [], input: Data(text.utf8))
        } else if environment["DISPLAY"] != nil, let program = ExternalCommand.find("xclip", environment: environment) {
            try await ExternalCommand.run(program, ["-selection", "clipboard"], input: Data(text.utf8))
        } else {
            await writeOSC52(text)
        }
    }

    /// Written on the main actor, between two paints, so it never splits a curses update.
    @MainActor
    private static func writeOSC52(_ text: String) {
        let sequence = Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
        sequence.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
