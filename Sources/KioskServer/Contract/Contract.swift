import Foundation
import HTTPTypes
import Yams

/// The served contract, read once at start-up, as the server's own rule book: which methods each
/// declared path answers (for 405 and `Allow`) and each operation's parameters and body schema
/// (checked before any work), so a bound stated in `openapi.yaml` is enforced by reading it.
struct Contract: Sendable {
    struct Route: Sendable {
        let template: [Substring]
        let methods: [String: StrictJSON]
        let parameters: [StrictJSON]
    }

    let routes: [Route]
    let root: StrictJSON
    /// Operation id → (route index, method).
    private let operations: [String: (route: Int, method: String)]

    static let methodNames = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(document: Data) throws {
        let root = StrictJSON(yaml: try Yams.load(yaml: String(decoding: document, as: UTF8.self)))
        var routes: [Route] = []
        var operations: [String: (Int, String)] = [:]
        if case let .object(paths)? = root["paths"] {
            for (path, item) in paths {
                var methods: [String: StrictJSON] = [:]
                for name in Self.methodNames {
                    guard let operation = item[name] else { continue }
                    methods[name.uppercased()] = operation
                    if case let .string(id)? = operation["operationId"] { operations[id] = (routes.count, name.uppercased()) }
                }
                let parameters: [StrictJSON]
                if case let .array(list)? = item["parameters"] { parameters = list } else { parameters = [] }
                routes.append(Route(template: path.split(separator: "/"), methods: methods, parameters: parameters))
            }
        }
        self.root = root
        self.routes = routes
        self.operations = operations
    }

    /// The declared route a request path falls under: literal segments outrank `{parameters}`.
    func route(forPath path: String) -> Route? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var best: (route: Route, literals: Int)?
        for route in routes where route.template.count == segments.count {
            var literals = 0
            let matches = zip(route.template, segments).allSatisfy { template, segment in
                if template.hasPrefix("{") { return !segment.isEmpty }
                literals += 1
                return template == segment
            }
            if matches, literals > (best?.literals ?? -1) { best = (route, literals) }
        }
        return best?.route
    }

    /// The operation an id names, with its route, for checking a request's inputs.
    func operation(_ id: String) -> (route: Route, operation: StrictJSON)? {
        guard let found = operations[id], let operation = routes[found.route].methods[found.method] else { return nil }
        return (routes[found.route], operation)
    }

    /// `#/components/...` references followed (a missing one resolves to an empty schema).
    func resolve(_ node: StrictJSON) -> StrictJSON {
        var node = node
        var hops = 0
        while case let .string(reference)? = node["$ref"], reference.hasPrefix("#/"), hops < 16 {
            var target: StrictJSON? = root
            for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
            node = target ?? .object([])
            hops += 1
        }
        return node
    }
}

extension StrictJSON {
    subscript(key: String) -> StrictJSON? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A YAML document as Yams reads it, in the same shape as a JSON body.
    init(yaml: Any?) {
        switch yaml {
        case let mapping as [AnyHashable: Any]:
            self = .object(mapping.map { ("\($0.key.base)", StrictJSON(yaml: $0.value)) }.sorted { $0.0 < $1.0 })
        case let mapping as [String: Any]:
            self = .object(mapping.map { ($0.key, StrictJSON(yaml: $0.value)) }.sorted { $0.0 < $1.0 })
        case let list as [Any]:
            self = .array(list.map { StrictJSON(yaml: $0) })
        case let flag as Bool:
            self = .bool(flag)
        case let number as Int:
            self = .number(String(number))
        case let number as Double:
            self = .number(String(number))
        case let text as String:
            self = .string(text)
        case let date as Date:
            self = .string(date.formatted(.iso8601))
        default:
            self = .null
        }
    }
}
