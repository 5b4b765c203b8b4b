import Foundation
import PaymentsCore
import Testing
import TestSupport
@testable import KioskCommandLine

/// What fails behind the storefront's screen is written down, not swallowed: a line per failure
/// in the data directory's owner-only `kiosk.log`, timed by the injected clock, kept bounded.
@Suite struct BackgroundFailureLogTests {
    @Test func eachFailureIsALineWithTheTimeAndTheReasonInAnOwnerOnlyFile() throws {
        let directory = KioskProcess.temporaryDirectory("failure-log")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600))
        let log = BackgroundFailureLog(directory: DataDirectory(url: directory), clock: clock)
        #expect(log.record("due work", PaymentsError.storage("database or disk is full")) == nil)
        clock.advance(by: 1)
        #expect(log.record("webhook deliveries", PaymentsError.storage("disk I/O error")) == nil)

        let text = try String(contentsOf: log.file, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.hasPrefix("2026-01-01T00:00:00Z due work: "))
        #expect(text.contains("2026-01-01T00:00:01Z webhook deliveries: "))
        #expect(text.contains("database or disk is full"))
        let mode = try FileManager.default.attributesOfItem(atPath: log.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFullLogIsMovedAsideAndBegunAnew() throws {
        let directory = KioskProcess.temporaryDirectory("failure-log-rotation")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = BackgroundFailureLog(directory: DataDirectory(url: directory),
                                       clock: ManualClock(Date(timeIntervalSince1970: 0)))
        try Data(repeating: UInt8(ascii: "x"), count: BackgroundFailureLog.maximumBytes).write(to: log.file)
        #expect(log.record("due work", PaymentsError.storage("locked")) == nil)
        #expect(try Data(contentsOf: log.file.appendingPathExtension("1")).count == BackgroundFailureLog.maximumBytes)
        #expect(try String(contentsOf: log.file, encoding: .utf8).hasPrefix("1970-01-01T00:00:00Z due work: "))
    }

    @Test func aLogThatCannotBeWrittenSaysWhy() throws {
        let missing = KioskProcess.temporaryDirectory("failure-log-missing").appendingPathComponent("gone")
        let log = BackgroundFailureLog(directory: DataDirectory(url: missing), clock: ManualClock(Date()))
        #expect(log.record("due work", PaymentsError.storage("locked")) != nil)
    }
}
