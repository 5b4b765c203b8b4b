@testable import PaymentsCore
import Testing

@Suite("Punycode")
struct PunycodeTests {
    /// Samples from RFC 3492 section 7.1 and well-known IDN labels.
    static let vectors: [([UInt32], String)] = [
        (Array("bücher".unicodeScalars.map(\.value)), "bcher-kva"),
        (Array("münchen".unicodeScalars.map(\.value)), "mnchen-3ya"),
        (Array("пример".unicodeScalars.map(\.value)), "e1afmkfd"),
        (Array("испытание".unicodeScalars.map(\.value)), "80akhbyknj4f"),
        ([0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634,
          0x0639, 0x0631, 0x0628, 0x064A, 0x061F], "egbpdaj6bu4bxfgehfvwxn"),
        ([0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587], "ihqwcrb4cv8a8dqg056pqjye"),
        ([0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F], "3B-ww4c5e180e575a65lsy2b"),
        ([0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D], "-> $1.00 <--"),
    ]

    @Test("Encodes the reference samples", arguments: vectors)
    func encode(codePoints: [UInt32], expected: String) throws {
        let scalars = try codePoints.map { try #require(Unicode.Scalar($0)) }
        #expect(Punycode.encode(scalars) == expected)
    }
}
