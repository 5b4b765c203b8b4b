import Testing
@testable import KioskServer

@Suite struct OperationAudienceTests {
    @Test func unknownOperationsNeedTheAdminKey() {
        #expect(OperationAudience(operationID: "somethingNew") == .admin)
        #expect(OperationAudience(operationID: "getHealth") == .anyone)
        #expect(OperationAudience(operationID: "getInvoice") == .customer)
    }

    @Test func theHostedCheckoutSessionOperationsAreTheCustomers() {
        for operation in ["createCheckoutSession", "getCheckoutSession", "abandonCheckoutSession"] {
            #expect(OperationAudience(operationID: operation) == .customer, "\(operation)")
        }
    }
}
