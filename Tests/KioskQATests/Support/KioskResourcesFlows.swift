import Foundation
import KioskResources
import Testing

/// The shipped flows folder, with a trailing slash so relative URLs resolve inside it.
enum KioskResourcesFlows {
    static func url() throws -> URL {
        let flows = try #require(KioskResources.flowsURL)
        return URL(fileURLWithPath: flows.path + "/")
    }
}
