import Foundation
import Hummingbird
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Server/openapi.yaml describes exactly the routes the server has")
struct OpenAPITests {
    /// `GET /v1/apps/{app}/policy` pairs from the spec, read line by line (paths at two spaces, methods at four).
    private func specRoutes() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("openapi.yaml")
        var routes: Set<String> = []
        var path: String?
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            else if !line.hasPrefix(" "), !line.isEmpty { path = nil }
            else if let path, let method = ["get", "head", "post", "put", "delete"].first(where: { line.hasPrefix("    \($0):") }) {
                routes.insert("\(method.uppercased()) \(path)")
            }
        }
        return routes
    }

    private func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }

    // MARK: Tests

    @Test("every API route is described, and every described route exists")
    func sameRoutes() async throws {
        let server = try await TestServer.make()
        let router = buildRouter(server.components, configuration: server.configuration)
        // The web console's HTML pages are for browsers, not API clients: docs/console.md describes them.
        let served = Set(router.routes.map { "\($0.method.rawValue) \(normalized($0.path.description))" }.filter { !$0.contains(" /console") })
        let described = try specRoutes()
        #expect(described.count >= 20)
        #expect(served.subtracting(described).isEmpty, "undocumented: \(served.subtracting(described).sorted())")
        #expect(described.subtracting(served).isEmpty, "documented but missing: \(described.subtracting(served).sorted())")
    }
}
