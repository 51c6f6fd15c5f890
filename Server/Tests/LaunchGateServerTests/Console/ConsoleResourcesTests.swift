import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The console's templates, stylesheet and script are package resources: read once, checked
/// whole at start-up, and served under names that change with their content.
@Suite("Console resources: templates and hashed static files from the bundle, and a clear answer without them")
struct ConsoleResourcesTests {
    /// A copy of the bundled console folder, to change or break; removed by `body`'s caller.
    private func withCopy(_ body: (URL) async throws -> Void) async throws {
        let bundled = try #require(ServerResources.bundle)
        let source = (bundled.resourceURL ?? bundled.bundleURL).appendingPathComponent("Console")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try await body(copy)
    }

    /// The first match of a pattern's first group in a page.
    private func first(_ pattern: String, in text: String) -> String? {
        guard let match = try? Regex(pattern).firstMatch(in: text), let group = match.output[1].substring else { return nil }
        return String(group)
    }

    // MARK: Tests

    @Test("the stylesheet and script are linked under names with their content's SHA-256, and served immutable for a year")
    func hashedAssets() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let page = try await client.execute(uri: "/console/sign-in", method: .get).text
                let stylesheet = try #require(first(#"<link rel="stylesheet" href="(/console/assets/console\.[0-9a-f]{16}\.css)">"#, in: page))
                let script = try #require(first(#"<script src="(/console/assets/console\.[0-9a-f]{16}\.js)" defer>"#, in: page))
                for (path, type) in [(stylesheet, "text/css; charset=utf-8"), (script, "text/javascript; charset=utf-8")] {
                    let response = try await client.execute(uri: path, method: .get)
                    #expect(response.status == .ok)
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    #expect(response.headers[.contentType] == type)
                    let digest = SHA256.hash(data: Data(response.body.readableBytesView)).lowercaseHex
                    #expect(path.contains("." + digest.prefix(16) + "."), "the name carries the served bytes' hash")
                }
                for stale in ["/console/assets/console.css", "/console/assets/console.js", "/console/assets/console.0000000000000000.css"] {
                    #expect(try await client.execute(uri: stale, method: .get).status == .notFound, "\(stale)")
                }
                let pageHeaders = try await client.execute(uri: "/console/sign-in", method: .get).headers
                #expect(pageHeaders[.cacheControl] == "no-store", "pages, unlike assets, are never cached")
            }
        }
    }

    @Test("a changed stylesheet gets a new name, and the old name is no longer served")
    func changedContentNewName() async throws {
        try await withCopy { folder in
            let before = try ConsoleRenderer(folder: folder).assets
            let file = folder.appendingPathComponent("Static/console.css")
            try (String(contentsOf: file, encoding: .utf8) + "\n.new { color: red; }\n").write(to: file, atomically: true, encoding: .utf8)
            let after = try ConsoleRenderer(folder: folder).assets
            #expect(before.links.stylesheet != after.links.stylesheet)
            #expect(before.links.script == after.links.script, "an unchanged file keeps its name")
            let old = String(before.links.stylesheet.dropFirst(ConsoleAssets.path.count))
            #expect(throws: HTTPError.self) { try after.response(for: old) }
        }
    }

    @Test("a build missing a template or a static file refuses to load, naming the file")
    func missingFiles() async throws {
        for name in ["Templates/history.mustache", "Templates/layout.mustache", "Static/console.js"] {
            try await withCopy { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                let error = try #require(throws: ConsoleResourcesError.self) { try ConsoleRenderer(folder: folder) }
                #expect(error.detail.contains(name + " can't be read: "), "\(error.detail)")
                #expect(error.warning.hasSuffix("copy LaunchGateServer_LaunchGateServer.resources beside the launchgate binary again, whole, readable by the server's user"))
            }
        }
    }

    @Test("a template that doesn't parse is refused at start-up, not on the page that uses it")
    func brokenTemplate() async throws {
        try await withCopy { folder in
            try "{{#view}}<h1>Mail</h1>".write(to: folder.appendingPathComponent("Templates/mail.mustache"), atomically: true, encoding: .utf8)
            let error = try #require(throws: ConsoleResourcesError.self) { try ConsoleRenderer(folder: folder) }
            #expect(error.detail.contains("mail.mustache does not parse"), "\(error.detail)")
            #expect(error.warning.hasSuffix("the resource folder does not belong to this binary: copy the LaunchGateServer_LaunchGateServer.resources built with it"),
                    "a template that doesn't parse is not fixed by copying the folder beside the binary: \(error.warning)")
        }
    }

    @Test("without its templates, every console path answers console-missing in the API's JSON shape with 503, and the rest of the server works")
    func unavailable() async throws {
        try await TestServer.with { server in
            let console = Result<ConsoleRenderer, ConsoleResourcesError>.failure(.unreadable("/gone/layout.mustache", CocoaError(.fileNoSuchFile)))
            let router = buildRouter(server.components, configuration: server.configuration, console: console)
            try await Application(router: router, logger: TestBackend.logger).test(.router) { client in
                for (uri, method) in [("/console", HTTPRequest.Method.get), ("/console/sign-in", .get), ("/console/apps/notes/policy/publish", .post)] {
                    let response = try await client.execute(uri: uri, method: method)
                    #expect(response.status == .serviceUnavailable, "\(uri): a packaging fault, not a wrong URL, and not cached as a 404 would be")
                    #expect(response.errorCode == "console-missing" && response.text.contains("LaunchGateServer_LaunchGateServer.resources"))
                    #expect(!response.text.contains("gone"), "the server's own paths stay in its log")
                }
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                #expect(try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get).status == .ok)
            }
        }
    }

    @Test("the router serves the console it is given, not one chosen inside it")
    func injected() async throws {
        try await withCopy { folder in
            let file = folder.appendingPathComponent("Templates/sign-in.mustache")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "<h1>Sign in</h1>", with: "<h1>Sign in to staging</h1>").write(to: file, atomically: true, encoding: .utf8)
            let renderer = try ConsoleRenderer(folder: folder)
            try await TestServer.with { server in
                let router = buildRouter(server.components, configuration: server.configuration, console: .success(renderer))
                try await Application(router: router, logger: TestBackend.logger).test(.router) { client in
                    let page = try await client.execute(uri: "/console/sign-in", method: .get).text
                    #expect(page.contains("<h1>Sign in to staging</h1>"))
                }
            }
        }
    }
}
