import Synchronization
import Testing
@testable import KioskViewModels

/// The runtime's effect bookkeeping: one input's effects are awaited as a whole, but no
/// operation waits for what followed from the action it sent (an End key walking 2,000 pages of
/// invoices otherwise kept every page alive in a chain of waiting operations).
@MainActor
struct StoreTests {
    final class Log: Sendable {
        private let values = Mutex<[Int]>([])
        func append(_ value: Int) { values.withLock { $0.append(value) } }
        var all: [Int] { values.withLock { $0 } }
    }

    /// `.start` runs an operation that sends `.step(1)`; each step's operation sends the next one,
    /// until `last`. The operation that sends `last` first waits for `gate`, if there is one.
    struct Chain: Reducer {
        let last: Int
        let finished: Log
        var gate: AsyncStream<Void>?

        enum Action: Equatable, Sendable { case start, step(Int) }

        func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
            var number = 0
            if case let .step(step) = action {
                state.append(step)
                number = step
            }
            guard number < last else { return .none }
            return .run { [finished, gate, last, number] send in
                if number + 1 == last, let gate {
                    for await _ in gate { break }
                }
                await send(.step(number + 1))
                finished.append(number)
            }
        }
    }

    /// `.start` runs, under one id, an operation that reports it started, waits until it is cancelled, notes whether it saw the cancellation and then sends
    /// `.finished`; a new `.start` cancels the one in flight, `.stop` cancels them all.
    struct Waiter: Reducer {
        let started: AsyncStream<Void>.Continuation
        let sawCancellation: Log

        enum Action: Equatable, Sendable { case start, stop, finished }
        enum Wait { case id }

        func reduce(into state: inout [Action], action: Action) -> Effect<Action> {
            state.append(action)
            switch action {
            case .start:
                return .run { [started, sawCancellation] send in
                    started.yield()
                    await untilCancelled()
                    sawCancellation.append(Task.isCancelled ? 1 : 0)
                    await send(.finished)
                }
                .cancellable(id: Wait.id, cancelInFlight: true)
            case .stop:
                return .cancel(id: Wait.id)
            case .finished:
                return .none
            }
        }
    }

    @Test func aCancelledOperationsTaskIsCancelledAndItsActionNeverReduced() async {
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let sawCancellation = Log()
        let store = Store(initialState: [], reducer: Waiter(started: didStart, sawCancellation: sawCancellation))
        let work = store.send(.start)
        for await _ in started { break }
        store.send(.stop)
        await work.value
        #expect(sawCancellation.all == [1])
        #expect(store.state == [.start, .stop])
        #expect(store.recordedActions == [.start, .stop])
    }

    @Test func cancelInFlightStopsTheEarlierOperationOnly() async {
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let sawCancellation = Log()
        let store = Store(initialState: [], reducer: Waiter(started: didStart, sawCancellation: sawCancellation))
        var starts = started.makeAsyncIterator()
        let first = store.send(.start)
        await starts.next()
        let second = store.send(.start)
        await first.value
        #expect(sawCancellation.all == [1])
        await starts.next()
        store.send(.stop)
        await second.value
        #expect(sawCancellation.all == [1, 1])
        #expect(store.state == [.start, .start, .stop])
    }

    @Test func anOperationFinishesOnceItsActionIsReducedNotWhenEverythingAfterItIs() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let finished = Log()
        let store = Store(initialState: [], reducer: Chain(last: 5, finished: finished, gate: gate), recording: false)
        let work = store.send(.start)
        var turns = 0
        while !(finished.all.contains(0) && store.state.count == 4), turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        // The first operation is done while the last one still waits at the gate.
        #expect(finished.all.contains(0))
        #expect(store.state == [1, 2, 3, 4])
        open.yield()
        open.finish()
        await work.value
        #expect(store.state == [1, 2, 3, 4, 5])
        #expect(finished.all.sorted() == [0, 1, 2, 3, 4])
    }

    @Test func sendWaitsForEveryEffectThatFollowedFromTheInput() async {
        let store = Store(initialState: [], reducer: Chain(last: 20, finished: Log()))
        await store.send(.start).value
        #expect(store.state == Array(1...20))
        #expect(store.recordedActions.count == 21)
    }

    @Test func everyActionAnEffectHandsBackWakesTheHost() async {
        let wakes = Log()
        let store = Store(initialState: [], reducer: Chain(last: 3, finished: Log()), recording: false,
                          onEffectAction: { wakes.append(1) })
        await store.send(.start).value
        #expect(wakes.all.count == 3)
    }
}
