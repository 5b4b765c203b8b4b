import KioskCommandLine

/// `kiosk`: the terminal storefront and its local tools, without the server stack, which
/// `kiosk-server` beside it runs when a command needs it (`ServerStack`).
@main
enum TerminalMain {
    static func main() async {
        await Kiosk.main(.terminal)
    }
}
