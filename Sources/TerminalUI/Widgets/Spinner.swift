/// A one-cell mark that turns while work is in progress. The frame comes from the caller (a
/// count of clock ticks in the state), never from a clock of its own, so a frame stays a pure
/// function of the state and snapshots of the same state match. ASCII frames read the same in
/// every locale.
public enum Spinner {
    public static let frames = ["|", "/", "-", "\\"]

    public static func frame(at tick: Int) -> String {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }
}
