import Foundation
import PaymentsCore

extension SettingsFeature {
    /// Switch to another local account, create one (and sign in to it), sign out.
    func reduceAccounts(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case let .switchAccount(accountID):
            guard accountID != state.content?.account.customerID, state.accounts.contains(where: { $0.id == accountID }),
                  !state.isWorking else { return .none }
            state.isWorking = true
            state.message = nil
            return .run { send in
                await send(.signedIn(await capture {
                    try await accounts.signIn(accountID)
                    return accountID
                }))
            }
        case let .signedIn(result):
            let name = state.accounts.first { $0.id == (try? result.get()) }?.name ?? ""
            return accountChanged(&state, result) { _ in "Signed in as \(name)." }
        case .createAccountTapped:
            state.section = .accounts
            state.newAccount = NewAccountForm()
            return .none
        case let .newAccountNameChanged(text):
            state.newAccount?.name = text
            return .none
        case let .newAccountEmailChanged(text):
            state.newAccount?.email = text
            return .none
        case .closeNewAccount:
            state.newAccount = nil
            return .none
        case .submitNewAccount:
            guard let form = state.newAccount, !state.isWorking else { return .none }
            switch form.validated() {
            case let .failure(error):
                state.message = error.message
                return .none
            case let .success((name, email)):
                state.isWorking = true
                state.message = nil
                return .run { send in
                    await send(.accountCreated(await capture {
                        let account = try await accounts.createAccount(NewAccount(email: email, name: name))
                        try await accounts.signIn(account.id)
                        return account
                    }))
                }
            }
        case let .accountCreated(result):
            if case .success = result { state.newAccount = nil }
            return accountChanged(&state, result) { "Created \($0.name) and signed in." }
        case .signOutTapped:
            guard let account = state.content?.account, !state.isWorking else { return .none }
            state.confirmation = Confirmation(title: "Sign out of \(account.name)?",
                                              message: "You can sign in again from Accounts.", confirmTitle: "Sign out")
            state.pendingConfirmation = .signOut
            return .none
        case let .signedOut(result):
            return accountChanged(&state, result) { _ in "Signed out." }
        default:
            return .none
        }
    }

    /// A different account (or none) is signed in: this screen starts over and tells the shell.
    private func accountChanged<Value>(_ state: inout SettingsState, _ result: Result<Value, ScreenError>,
                                       _ success: (Value) -> String) -> Effect<SettingsAction> {
        let effect = finish(&state, result, success)
        guard case .success = result else { return effect }
        state.phase = .loading
        return .merge(.send(.delegate(.accountChanged)), effect)
    }
}
