import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateConsole
@testable import LaunchGateServer

/// The router skips empty path segments, so `//console/sign-in` drew the sign-in form, but the
/// header middleware read the raw path and sent it without CSP, X-Frame-Options, nosniff or
/// Referrer-Policy (issue 27, item 7).
@Suite("Console security headers follow the path the router matched, not the raw one")
struct ConsolePathVariantTests {
    // MARK: Tests

    @Test("//console/sign-in, /console//sign-in and ///console//nope get the console's page and all its security headers")
    func doubledSlashes() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let requests: [(String, HTTPResponse.Status)] = [
                    ("//console/sign-in", .ok), ("/console//sign-in", .ok), ("//console//sign-in/", .ok), ("///console//nope", .notFound),
                ]
                for (uri, status) in requests {
                    let response = try await client.execute(uri: uri, method: .get)
                    #expect(response.status == status, "\(uri)")
                    #expect(response.status != .ok || response.text.contains(#"action="/console/sign-in""#), "\(uri) is the sign-in form")
                    for field in ConsoleHeadersMiddleware<LaunchGateRequestContext>.securityHeaders {
                        #expect(response.headers[field.name] == field.value, "\(uri): \(field.name)")
                    }
                }
            }
        }
    }

    @Test("the console's paths are those whose first non-empty segment is console, and no others")
    func consolePaths() {
        for path in ["/console", "/console/", "//console/sign-in", "/console//sign-in", "///console"] {
            #expect(ConsoleHeadersMiddleware<LaunchGateRequestContext>.isConsolePath(path), "\(path)")
        }
        for path in ["/", "", "/consoles", "/consolex/sign-in", "/api/console", "//api//console", "/Console/sign-in"] {
            #expect(!ConsoleHeadersMiddleware<LaunchGateRequestContext>.isConsolePath(path), "\(path)")
        }
    }
}
