import ArgumentParser
import Foundation
import KioskViewModels
import TerminalUI

/// `--color`, `--theme` and `--accessible` for the QA commands that open the terminal UI on a
/// throwaway session: the same choices as `kiosk run`, without saved preferences to fall back on.
struct AppearanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("When to use colour: auto, always or never.", valueName: "when"))
    var color: ColorChoice?

    @Option(help: ArgumentHelp("Colour theme: standard, high-contrast or monochrome.", valueName: "name"))
    var theme: ThemeChoice?

    @Flag(help: "Screen-reader mode: no box drawing, linear layout, explicit labels (also KIOSK_ACCESSIBLE=1).")
    var accessible = false

    func appearance() -> Appearance {
        let environment = ProcessInfo.processInfo.environment
        return Appearance(color: color?.mode ?? .auto, theme: (theme ?? .standard).theme,
                          accessible: accessible || Appearance.accessibleRequested(environment),
                          environment: environment, isTerminal: true)
    }
}
