import ArgumentParser
import Foundation
import PaymentsCore

struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Fill the data directory with realistic, deterministic purchase history.",
        discussion: """
            Creates customers on a new test clock and drives the real store operations through it: trials, \
            renewals, plan changes, failing cards, recoveries, cancellations, refunds, points and usage. \
            The same --seed and --start give the same history. With --database URL (or \
            KIOSK_DATABASE_URL) the history goes into that PostgreSQL store.
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var postgres: PostgresDatabaseOptions

    // Unconditional so that "-1" reaches validate() as a number rather than as an unknown option.
    @Option(parsing: .unconditional, help: "Number of customers (1 to 100000).")
    var accounts = 20

    @Option(parsing: .unconditional, help: "Months of history (1 to 600).")
    var months = 12

    @Option(help: "Seed of the random choices.")
    var seed: UInt64 = 1

    @Option(help: "First day of the history, YYYY-MM-DD (UTC). Default: --months before today.")
    var start: String?

    func validate() throws {
        guard (1...100_000).contains(accounts) else { throw ValidationError("--accounts must be 1 to 100000") }
        guard (1...600).contains(months) else { throw ValidationError("--months must be 1 to 600") }
        if let start, Self.day(start) == nil { throw ValidationError("--start must be a date such as 2025-01-31") }
    }

    func run() async throws {
        let (service, catalog, place) = try await postgres.openStore(store, command: "kiosk seed")
        let first = try start.flatMap(Self.day)
            ?? ISODuration(months: -months).advance(Self.day(Self.today()) ?? Date(timeIntervalSince1970: 0))
        let seeder = StoreSeeder(service: service, accounts: accounts, months: months, seed: seed, start: first)
        let clock = try await seeder.run { progress in
            Terminal.progress("seed: month \(progress.month)/\(progress.months), \(progress.purchases) purchases")
        }
        let problems = try await service.checkInvariants()
        print("Seeded \(accounts) customers of \(catalog.name) over \(months) months on test clock \(clock.id) "
              + "(now \(Self.format(clock.frozenTime))) in \(place).")
        guard problems.isEmpty else {
            Terminal.error(problems.map { "kiosk: invariant broken: \($0)" }.joined(separator: "\n"))
            throw ExitCode(70)
        }
        // The storefront opens on someone: the first seeded customer, unless a person already chose.
        let session = try await TerminalSession.keeper(for: service, in: store.data.directory)
        if try await session.account(on: service) == nil,
           let customer = try await service.accounts().first(where: { $0.testClockID == clock.id }) {
            try await session.signIn(customer.id, on: service)
            print("Signed in as \(customer.name) (\(customer.id)): `kiosk` opens the store on their history.")
        }
    }

    /// Today in UTC from the system clock: the one wall-clock read, at the command line.
    private static func today() -> String { format(SystemClock().now) }

    private static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    private static func day(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }
}
