import KioskViewModels

/// Theme, colour and motion, saved as soon as they are chosen.
enum SettingsPreferencesLines {
    static func add(_ preferences: Preferences, to lines: inout LineBuilder) {
        lines.text("Theme", .header)
        for theme in Theme.allCases {
            lines.choice(id: "theme.\(theme.rawValue)", theme.title, isOn: preferences.theme == theme,
                         action: .app(.settings(.themeSelected(theme))), enterHint: "Use this theme")
        }
        lines.text("Colour", .header)
        for mode in ColourMode.allCases {
            lines.choice(id: "colour.\(mode.rawValue)", title(mode), isOn: preferences.colourMode == mode,
                         action: .app(.settings(.colourModeSelected(mode))), enterHint: "Use this")
        }
        lines.text("Motion", .header)
        lines.choice(id: "motion.reduced", "Reduce motion", isOn: preferences.reducedMotion, isToggle: true,
                     action: .app(.settings(.reducedMotionToggled)), enterHint: "Switch")
    }

    private static func title(_ mode: ColourMode) -> String {
        switch mode {
        case .auto: "Auto (as the terminal supports)"
        case .always: "Always"
        case .never: "Never"
        }
    }
}
