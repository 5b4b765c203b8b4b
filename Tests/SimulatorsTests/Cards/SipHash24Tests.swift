import Testing
import PaymentsCore
@testable import Simulators

struct SipHash24Tests {
    private let key0: UInt64 = 0x0706_0504_0302_0100
    private let key1: UInt64 = 0x0f0e_0d0c_0b0a_0908

    /// Reference vectors from the SipHash paper (key 00…0f, message 00…(n−1)).
    @Test(arguments: [(0, UInt64(0x726f_db47_dd0e_0e31)), (15, 0xa129_ca61_49be_45e5)])
    func matchesTheReferenceVectors(length: Int, expected: UInt64) {
        let message = (0..<length).map { UInt8($0) }
        #expect(SipHash24.hash(message, key0: key0, key1: key1) == expected)
    }
}
