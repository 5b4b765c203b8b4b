import Foundation
import KioskViewModels
import Testing
@testable import KioskCommandLine

/// Preferences kept in the data directory: defaults until saved, then read back exactly.
@Suite struct PreferencesFileTests {
    @Test func defaultsUntilSavedThenTheSavedValues() async throws {
        let directory = KioskProcess.temporaryDirectory("prefs-file")
        let client = PreferencesFile(directory: directory).client
        #expect(try await client.load() == Preferences())
        let chosen = Preferences(theme: .highContrast, colourMode: .never, reducedMotion: true)
        try await client.save(chosen)
        #expect(try await client.load() == chosen)
        let text = try String(contentsOf: directory.appendingPathComponent("preferences.json"), encoding: .utf8)
        #expect(text.contains("\"theme\" : \"high-contrast\""))
    }

    @Test func aFieldOfTheWrongTypeIsNamed() throws {
        let directory = KioskProcess.temporaryDirectory("prefs-type")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #"{"theme": "default", "colourMode": "auto", "reducedMotion": "yes"}"#
            .write(to: directory.appendingPathComponent("preferences.json"), atomically: true, encoding: .utf8)
        do {
            _ = try PreferencesFile(directory: directory).load()
            Issue.record("a string read as a Bool")
        } catch {
            #expect(error.description.hasSuffix("preferences.json field 'reducedMotion' has the wrong type"))
        }
    }
}
