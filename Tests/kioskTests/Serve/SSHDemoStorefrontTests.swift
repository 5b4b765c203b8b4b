import Foundation
import KioskResources
import KioskServer
import KioskSSH
import Logging
import PaymentsCore
import Testing
@testable import kiosk_server

/// `kiosk serve --ssh-demo`: each connection gets a seeded store of its own, which nobody else
/// sees and which is gone once the connection ends.
@Suite struct SSHDemoStorefrontTests {
    static func sandboxes(capacity: Int = 4) throws -> (SSHDemoSandboxes, DataDirectory) {
        let directory = DataDirectory(url: KioskProcess.temporaryDirectory("ssh-demo"))
        let catalog = try CatalogLoader.load(contentsOf: try #require(KioskResources.defaultCatalogURL)).get()
        return (try SSHDemoSandboxes(dataDirectory: directory, catalog: catalog, capacity: capacity, logger: Logger(label: "test")),
                directory)
    }

    static func visitor(connection: UInt64) -> SSHIdentity {
        var identity = DemoSSHStorefront.identity(fingerprint: "SHA256:same-key", userName: "ann")
        identity.connection = connection
        return identity
    }

    @Test func twoVisitorsEachSeeOnlyTheirOwnPurchase() async throws {
        let (sandboxes, _) = try Self.sandboxes()
        let storefront = DemoSSHStorefront(sandboxes: sandboxes, metrics: ServerMetrics())
        let (ann, bob) = (Self.visitor(connection: 1), Self.visitor(connection: 2))
        let before = await storefront.run(command: "invoices --json", for: bob)
        #expect(before.exitStatus == 0, "\(before.output)")

        let annStore = try await sandboxes.sandbox(for: ann.connection)
        let invoice = switch try await annStore.service.purchase(PurchaseRequest(accountID: annStore.accountID, productID: "points.1000")) {
        case let .purchased(receipt): receipt.invoice
        case let .declined(_, invoice): invoice
        case let .requiresAction(action): throw SSHDemoSandboxFailure(description: "unexpected 3-D Secure: \(action)")
        }
        let annSees = await storefront.run(command: "invoices --json", for: ann)
        #expect(annSees.output.contains(invoice.id), "\(annSees.output)")

        let bobSees = await storefront.run(command: "invoices --json", for: bob)
        #expect(bobSees.exitStatus == 0)
        #expect(!bobSees.output.contains(invoice.id), "\(bobSees.output)")
        #expect(bobSees.output == before.output, "the other visitor's store is untouched")
        let bobStore = try await sandboxes.sandbox(for: bob.connection)
        #expect(annStore.directory != bobStore.directory)
    }

    @Test func aVisitorsStoreIsSeededWithTheQAPanelOnATestClock() async throws {
        let (sandboxes, _) = try Self.sandboxes()
        let sandbox = try await sandboxes.sandbox(for: 7)
        let account = try await sandbox.service.account(sandbox.accountID)
        #expect(account.testClockID != nil)
        #expect(try await sandbox.service.accounts().count == SSHDemoSandbox.seededCustomers)
        #expect(DemoSSHStorefront.identity(fingerprint: "SHA256:k", userName: "ann").isAdmin, "test controls on")
    }

    @Test func theStoreIsGoneWhenTheConnectionEnds() async throws {
        let (sandboxes, _) = try Self.sandboxes()
        let storefront = DemoSSHStorefront(sandboxes: sandboxes, metrics: ServerMetrics())
        let ann = Self.visitor(connection: 3)
        let sandbox = try await sandboxes.sandbox(for: ann.connection)
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("kiosk.sqlite").path))
        let mode = try FileManager.default.attributesOfItem(atPath: sandboxes.root.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        await storefront.connectionEnded(for: ann)
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path))
        #expect(await sandboxes.count == 0)
        // A session starting as its connection drops gets no store left behind.
        let late = await storefront.run(command: "status", for: ann)
        #expect(late.exitStatus == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandboxes.root.path).isEmpty)
    }

    @Test func pastTheCapVisitorsAreToldTheDemoIsFull() async throws {
        let (sandboxes, _) = try Self.sandboxes(capacity: 1)
        let storefront = DemoSSHStorefront(sandboxes: sandboxes, metrics: ServerMetrics())
        #expect(await storefront.run(command: "status", for: Self.visitor(connection: 1)).exitStatus == 0)
        let refused = await storefront.run(command: "status", for: Self.visitor(connection: 2))
        #expect(refused.exitStatus == 1)
        #expect(refused.output.contains("The demo is full: 1 visitors"), "\(refused.output)")
        await storefront.connectionEnded(for: Self.visitor(connection: 1))
        #expect(await storefront.run(command: "status", for: Self.visitor(connection: 2)).exitStatus == 0)
    }

    @Test func aStartingServerRemovesTheStoresOfServersNoLongerRunning() throws {
        let (first, directory) = try Self.sandboxes()
        let stale = directory.url.appendingPathComponent("ssh-demo/999999999")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("c1"), withIntermediateDirectories: true)
        let catalog = try CatalogLoader.load(contentsOf: try #require(KioskResources.defaultCatalogURL)).get()
        let second = try SSHDemoSandboxes(dataDirectory: directory, catalog: catalog, capacity: 1, logger: Logger(label: "test"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(first.root.path == second.root.path, "this process's own directory stays")
    }
}
