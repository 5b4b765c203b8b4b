import Foundation
import KioskCommandLine
import PaymentsCore
import Simulators

/// One demo visitor's store (`kiosk serve --ssh-demo`): a fresh SQLite store in an owner-only
/// directory of its own, seeded with a few customers' months of history on a test clock. The
/// visitor is its first customer, so the billing history, plans and QA panel have something to show.
struct SSHDemoSandbox: Sendable {
    let directory: URL
    let service: LocalPaymentsService
    let appStore: SimulatedAppStore
    let accountID: String

    /// Customers and months of history each sandbox starts with: enough to show every screen,
    /// little enough to seed in well under a second.
    static let seededCustomers = 3
    static let seededMonths = 3

    static func make(in directory: URL, catalog: Catalog, clock: any KioskClock = SystemClock()) async throws -> SSHDemoSandbox {
        let data = DataDirectory(url: directory)
        try data.create()
        let cards = SimulatedCardProcessor(directory: data)
        let service = try LocalPaymentsService(directory: data, catalog: catalog, clock: clock, cardProcessor: cards,
                                               connections: .single)
        let start = try ISODuration(months: -seededMonths).advance(clock.now)
        let testClock = try await StoreSeeder(service: service, accounts: seededCustomers, months: seededMonths, seed: 1,
                                              start: start).run()
        guard let visitor = try await service.accounts().first(where: { $0.testClockID == testClock.id }) else {
            throw SSHDemoSandboxFailure(description: "the seeded sandbox has no customer on its test clock")
        }
        return SSHDemoSandbox(directory: directory, service: service, appStore: SimulatedAppStore(beside: service),
                              accountID: visitor.id)
    }
}

struct SSHDemoSandboxFailure: Error, CustomStringConvertible {
    let description: String
}
