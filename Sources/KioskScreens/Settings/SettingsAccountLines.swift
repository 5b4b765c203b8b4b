import KioskViewModels
import TerminalUI

/// The signed-in account, and the local accounts to switch to or create.
enum SettingsAccountLines {
    static func addAccount(_ content: SettingsContent, to lines: inout LineBuilder) {
        let account = content.account
        lines.pair("Name", account.name)
        lines.pair("Email", account.email)
        lines.pair("Customer ID", account.customerID)
        lines.pair("Plan", account.planText, account.isPremium ? .success : .base)
        lines.pair("Points", "\(account.pointsBalance)")
        if let balance = account.creditBalanceText { lines.pair("Account balance", balance, .success) }
        lines.blank()
        lines.buttons([("account.signOut", "Sign out", .app(.settings(.signOutTapped)))])
    }

    static func addAccounts(_ settings: SettingsState, to lines: inout LineBuilder) {
        let signedIn = settings.content?.account.customerID
        if settings.accounts.isEmpty { lines.text("There are no accounts yet.") }
        for account in settings.accounts {
            let isSignedIn = account.id == signedIn
            lines.choice(id: "account.\(account.id)", "\(account.name) (\(account.email))\(isSignedIn ? ", signed in" : "")",
                         isOn: isSignedIn, action: .app(.settings(.switchAccount(accountID: account.id))),
                         enterHint: "Sign in")
        }
        lines.blank()
        guard let form = settings.newAccount else {
            var buttons: [(id: String, label: String, action: TerminalAction?)] = [
                ("accounts.create", "Create account", .app(.settings(.createAccountTapped)))]
            if signedIn != nil { buttons.append(("accounts.signOut", "Sign out", .app(.settings(.signOutTapped)))) }
            lines.buttons(buttons)
            return
        }
        let submit = TerminalAction.app(.settings(.submitNewAccount))
        lines.text("New account", .header)
        lines.field(id: SettingsControlID.newAccountName, TextField(label: "Name", text: form.name),
                    binding: FieldBinding(text: form.name, change: { .app(.settings(.newAccountNameChanged($0))) }),
                    submit: submit, submitHint: "Create and sign in")
        lines.field(id: "newAccount.email", TextField(label: "Email", text: form.email, width: 30),
                    binding: FieldBinding(text: form.email, change: { .app(.settings(.newAccountEmailChanged($0))) }),
                    submit: submit, submitHint: "Create and sign in")
        lines.buttons([("newAccount.submit", "Create and sign in", submit),
                       ("newAccount.close", "Cancel", .app(.settings(.closeNewAccount)))])
    }
}
