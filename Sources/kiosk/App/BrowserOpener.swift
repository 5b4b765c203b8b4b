/// Opens the hosted checkout page in the desktop's browser through `xdg-open`.
enum BrowserOpener {
    static func open(_ url: String) async throws {
        guard let opener = ExternalCommand.find("xdg-open") else {
            throw ExternalCommandError(program: "xdg-open", reason: "is not installed, so no browser can be opened from here")
        }
        try await ExternalCommand.run(opener, [url])
    }
}
