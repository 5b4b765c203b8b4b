import KioskScreens
import KioskViewModels
import PaymentsCore

extension ScreenDriver {
    /// A signed-in customer with a card, subscribed to Pro Yearly through the core (not the
    /// screens), then the store opened on the settings tab.
    @discardableResult
    func subscribeAndOpenSettings() async throws -> Account {
        let account = try await signIn()
        _ = try await service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.yearly", idempotencyKey: "setup"))
        await launch()
        await press(.character("4"))
        return account
    }
}
