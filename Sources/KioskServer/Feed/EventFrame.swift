import Foundation
import KioskAPI
import PaymentsCore

/// One change-feed event as a Server-Sent Events frame.
enum EventFrame {
    /// `id: N`, `event: TYPE`, `data: {json}`: JSON has no raw newlines, so one data line suffices.
    static func bytes(_ event: StoreEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Components.Schemas.Event(event))
        return Array("id: \(event.id)\nevent: \(event.type.rawValue)\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }
}
