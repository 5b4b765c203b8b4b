@testable import PaymentsCore
import Simulators

extension LocalPaymentsService {
    /// The sandbox's App Store beside this store: the tests buy through its sheet as the app does.
    var appStore: SimulatedAppStore { SimulatedAppStore(beside: self) }
}

extension LocalPaymentsService {
    /// The tester's levers over this store and its App Store.
    var desk: TestControlDesk { TestControlDesk(merchant: self, appStore: appStore) }
}

extension LocalPaymentsService {
    /// Refunds as the storefront asks for them: the App Store's sales through the App Store.
    var router: StoreKitRouter { StoreKitRouter(merchant: self, appStore: appStore) }
}
