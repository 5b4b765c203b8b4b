import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CatalogTimestampTests {
    @Test func parsesUTCAndOffsets() {
        #expect(CatalogTimestamp.parse("2030-12-31T23:59:59Z") == Date(timeIntervalSince1970: 1_924_991_999))
        #expect(CatalogTimestamp.parse("2031-01-01T01:59:59+02:00") == Date(timeIntervalSince1970: 1_924_991_999))
        #expect(CatalogTimestamp.parse("2030-12-31T22:59:59-01:00") == Date(timeIntervalSince1970: 1_924_991_999))
        #expect(CatalogTimestamp.parse("2028-02-29T00:00:00Z") != nil)
    }

    @Test(arguments: ["2030-02-30T00:00:00Z", "2029-02-29T00:00:00Z", "2030-13-01T00:00:00Z", "2030-12-31T24:00:00Z",
                      "2030-12-31T23:60:00Z", "2030-12-31", "2030-12-31T23:59:59", "2030-12-31 23:59:59Z",
                      "2030-12-31T23:59:59.5Z", "2030-12-31T23:59:59+2", "x030-12-31T23:59:59Z", ""])
    func rejectsAnythingElse(text: String) {
        #expect(CatalogTimestamp.parse(text) == nil)
    }
}
