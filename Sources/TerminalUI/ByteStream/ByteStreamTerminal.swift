import Synchronization

/// A terminal at the other end of a byte stream (an SSH channel): frames go out as escape
/// sequences through `write`, one write per frame; bytes coming in are decoded into keys by
/// `InputDecoder`. No ncurses and no terminfo: the xterm/VT family's common sequences only.
///
/// Threading: `receive(_:)`, `resize(to:)`, `end()` and `wake` may be called from any thread
/// (the channel's event loop); `present`, `invalidate` and `nextInput` from the host loop's actor.
/// `nextInput` suspends without blocking that actor, so many sessions share one.
public final class ByteStreamTerminal: TerminalBackend, Sendable {
    private let output: @Sendable ([UInt8]) -> Void
    private let encoder: Mutex<FrameEncoder>
    private let input: Mutex<InputState>

    private struct InputState: Sendable {
        var decoder = InputDecoder()
        var queue: [TerminalInput] = []
        var size: Size
        var waiter: CheckedContinuation<TerminalInput, Never>?
        var waiterNumber = 0
        var wakePending = false
        var ended = false
        var left = false
    }

    /// Starts painting on the client's screen: writes the enter sequence (alternate screen,
    /// hidden cursor, mouse, bracketed paste) at once. Call `leave()` on every way out.
    public init(profile: TerminalProfile, write: @escaping @Sendable ([UInt8]) -> Void) {
        output = write
        encoder = Mutex(FrameEncoder(colorLevel: profile.colorLevel))
        input = Mutex(InputState(size: profile.size))
        write(EscapeSequences.enter)
    }

    public var size: Size { input.withLock { $0.size } }

    public var colorLevel: ColorLevel { encoder.withLock { $0.colorLevel } }

    public func present(_ buffer: Buffer, cursor: Point?) {
        let bytes = encoder.withLock { $0.encode(buffer, cursor: cursor) }
        guard !bytes.isEmpty, !input.withLock({ $0.left }) else { return }
        output(bytes)
    }

    public func invalidate() {
        encoder.withLock { $0.invalidate() }
    }

    /// Effect results arrive through `wake`, so the host only needs to look up for its timers.
    public var idleWait: Int32 { 250 }

    public var wake: @Sendable () -> Void {
        { [weak self] in self?.deliver { $0.wakePending = true } }
    }

    /// Bytes the client typed. Ctrl-C ends the session (as SIGINT ends a local one).
    public func receive(_ bytes: [UInt8]) {
        deliver { state in
            state.queue += state.decoder.feed(bytes).compactMap(Self.input)
        }
    }

    /// The client's window changed size.
    public func resize(to size: Size) {
        deliver { state in
            state.size = size
            state.queue.append(.key(.resize))
        }
    }

    /// The client went away, or the server ends the session: the host loop sees `.ended`.
    public func end() {
        deliver { $0.ended = true }
    }

    /// Restores the client's terminal (main screen, cursor, no mouse, no paste mode), once;
    /// `goodbye` is written after it on a line of its own. Nothing is painted afterwards.
    public func leave(goodbye: String? = nil) {
        let first = input.withLock { state in
            defer { state.left = true }
            return !state.left
        }
        guard first else { return }
        var bytes = EscapeSequences.leave
        if let goodbye { bytes += Array((goodbye + "\r\n").utf8) }
        output(bytes)
    }

    public nonisolated(nonsending) func nextInput(timeout: Int32) async -> TerminalInput {
        let number: Int? = input.withLock { state in
            guard state.queue.isEmpty, !state.wakePending, !state.ended else { return nil }
            state.waiterNumber += 1
            return state.waiterNumber
        }
        guard let number else { return input.withLock { Self.take(&$0) } ?? .timedOut }
        let wait = input.withLock { $0.decoder.wantsTimeout } ? min(timeout, InputDecoder.escapeTimeout) : timeout
        let timer = Task { [weak self] in
            // Cancelled once the wait ended otherwise; nothing is left to time out then.
            guard (try? await Task.sleep(for: .milliseconds(Int(max(0, wait))))) != nil else { return }
            self?.expire(number)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ready: TerminalInput? = input.withLock { state in
                if let ready = Self.take(&state) { return ready }
                if state.waiterNumber != number { return .timedOut }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The wait numbered `number` timed out: a held Esc becomes a key, else `.timedOut`.
    private func expire(_ number: Int) {
        let resumed: (CheckedContinuation<TerminalInput, Never>, TerminalInput)? = input.withLock { state in
            guard state.waiterNumber == number else { return nil }
            state.waiterNumber += 1
            if state.decoder.wantsTimeout { state.queue += state.decoder.flush().compactMap(Self.input) }
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, Self.take(&state) ?? .timedOut)
        }
        resumed.map { $0.0.resume(returning: $0.1) }
    }

    /// Applies `change` and hands the waiting host what is now ready.
    private func deliver(_ change: (inout InputState) -> Void) {
        let resumed: (CheckedContinuation<TerminalInput, Never>, TerminalInput)? = input.withLock { state in
            change(&state)
            guard let waiter = state.waiter, let ready = Self.take(&state) else { return nil }
            state.waiter = nil
            state.waiterNumber += 1
            return (waiter, ready)
        }
        resumed.map { $0.0.resume(returning: $0.1) }
    }

    /// The next input to report: queued keys first, then a wake, then the end.
    private static func take(_ state: inout InputState) -> TerminalInput? {
        if !state.queue.isEmpty { return state.queue.removeFirst() }
        if state.wakePending {
            state.wakePending = false
            return .timedOut
        }
        return state.ended ? .ended : nil
    }

    private static func input(_ decoded: DecodedInput) -> TerminalInput? {
        switch decoded {
        case .key(.control("c")): .signalled(2)
        case let .key(key): .key(key)
        case .alt: nil
        case let .paste(text): .paste(text)
        }
    }
}
