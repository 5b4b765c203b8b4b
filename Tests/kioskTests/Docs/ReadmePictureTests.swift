import Foundation
import Testing

/// The README's picture of the storefront is the headless renderer's first frame of a new store
/// (`kiosk run --dump`), so it can never go stale: when the paywall changes, this test fails with
/// the new picture, and `KIOSK_UPDATE_README_PICTURE=1 swift test --filter ReadmePicture` writes it.
@Suite struct ReadmePictureTests {
    static let readme = DocumentedCommandLinesTests.root.appendingPathComponent("README.md")
    static let opening = "```text\n"

    @Test func theReadmeShowsTheStorefrontAsItIsRendered() throws {
        let directory = KioskProcess.temporaryDirectory("readme-picture")
        let dump = try KioskProcess.run(["run", "--dump", "--size", "80x24", "--data-dir", directory.path],
                                        environment: ["LANG": "C.UTF-8", "NO_COLOR": "1"])
        #expect(dump.status == 0, "stderr: \(dump.stderr)")
        let picture = dump.stdout.hasSuffix("\n") ? dump.stdout : dump.stdout + "\n"

        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- picture:"), "README.md has no picture marker")
        let start = try #require(text.range(of: Self.opening, range: marker.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let shown = String(text[start.upperBound..<end.lowerBound])
        if shown != picture, ProcessInfo.processInfo.environment["KIOSK_UPDATE_README_PICTURE"] == "1" {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: picture)
            try Data(text.utf8).write(to: Self.readme)
            return
        }
        #expect(shown == picture, "README.md's picture is stale; the storefront now renders:\n\(picture)")
    }
}
