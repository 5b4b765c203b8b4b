/// The demo's waits in a real terminal: the host keeps reading keys and repainting while it
/// waits, so space, `n` and `q` work between cues as well as at them.
struct DemoTerminalClock: DemoClock {
    let host: DemoTerminal

    func sleep(seconds: Double) async {
        await host.wait(seconds: seconds)
    }
}
