import Testing
@testable import KioskServer

@Suite struct OperationAudienceTests {
    @Test func unknownOperationsNeedTheAdminKey() {
        #expect(OperationAudience(operationID: "somethingNew") == .admin)
        #expect(OperationAudience(operationID: "getHealth") == .anyone)
        #expect(OperationAudience(operationID: "getInvoice") == .customer)
    }
}
