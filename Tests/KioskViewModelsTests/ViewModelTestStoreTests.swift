import Testing
@testable import KioskViewModels

/// The test store must be able to fail: a test that forgets an action an effect sent, or expects
/// the wrong state, is reported, with the difference spelled out.
@MainActor
struct ViewModelTestStoreTests {
    /// `.tap` asks an effect for an answer; `.wait` starts a wait under an id that only ends
    /// when `.stop` cancels it.
    struct Asker: Reducer {
        enum Action: Equatable, Sendable { case tap, answered(Int), wait, stop, waited }
        enum Wait { case id }

        func reduce(into state: inout Int, action: Action) -> Effect<Action> {
            switch action {
            case .tap:
                return .run { send in await send(.answered(42)) }
            case let .answered(number):
                state = number
                return .none
            case .wait:
                return .run { send in
                    await untilCancelled()
                    await send(.waited)
                }
                .cancellable(id: Wait.id)
            case .stop:
                return .cancel(id: Wait.id)
            case .waited:
                state = -1
                return .none
            }
        }
    }

    nonisolated static func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains(text) } }
    }

    @Test func everyActionAnEffectSendsIsReceivedWithItsState() async {
        let store = ViewModelTestStore(0, Asker())
        await store.send(.tap)
        await store.receive(.answered(42)) { $0 = 42 }
    }

    @Test func anActionNeverReceivedIsReportedWhenTheStoreGoesAway() async {
        await withKnownIssue {
            let store = ViewModelTestStore(0, Asker())
            await store.send(.tap)
        } matching: { issue in
            Self.says("1 action(s) sent by effects were never received")(issue) && Self.says(".answered(42)")(issue)
        }
    }

    @Test func aStateMismatchIsReportedWithADiff() async {
        await withKnownIssue {
            let store = ViewModelTestStore(0, Asker())
            await store.send(.tap)
            await store.receive(.answered(42)) { $0 = 41 }
        } matching: { issue in
            Self.says("differs (−expected +actual)")(issue) && Self.says("- 41")(issue) && Self.says("+ 42")(issue)
        }
    }

    @Test func anUnexpectedActionIsReportedWithADiff() async {
        await withKnownIssue {
            let store = ViewModelTestStore(0, Asker())
            await store.send(.tap)
            await store.receive(.answered(7)) { $0 = 42 }
        } matching: { issue in
            Self.says("Received an unexpected action")(issue) && Self.says("+ ViewModelTestStoreTests.Asker.Action.answered(42)")(issue)
        }
    }

    @Test func shortcutsAreRefusedByAnExhaustiveStore() async {
        await withKnownIssue {
            let store = ViewModelTestStore(0, Asker())
            await store.perform(.answered(1))
        } matching: { issue in Self.says("perform skips checks")(issue) }
    }

    @Test func aCancelledWaitStopsAndSendsNothing() async {
        let store = ViewModelTestStore(0, Asker())
        await store.send(.wait)
        await store.send(.stop)
    }
}
