@testable import PaymentsCore
import Simulators

extension LocalPaymentsService {
    /// The sandbox's App Store beside this store: the tests buy through its sheet as the app does.
    var appStore: SimulatedAppStore { SimulatedAppStore(beside: self) }
}
