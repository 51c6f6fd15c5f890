import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Requests that carry LaunchGate-Client record their install, on every path, as an HMAC only")
struct InstallRecordingTests {
    static let client = HTTPField.Name("LaunchGate-Client")!

    static func header(_ install: String, version: String = "2.1.0", build: String = "210", os: String = "17.4") -> String {
        ClientHeader(version: version, build: build, platform: "ios", os: os, install: install).rendered()
    }

    private func active(_ server: TestServer, platform: Platform? = nil) async throws -> [String: Int] {
        await server.components.recorder.fold()
        var counts: [String: Int] = [:]
        for group in try await server.components.installs.groups(appID: "notes", platform: platform, fromDay: 0) {
            counts["\(group.platform) \(group.version) \(group.build) \(group.os)", default: 0] += group.installs
        }
        return counts
    }

    // MARK: Tests

    @Test("policy and /check requests through the router record the install; requests without the header record nothing")
    func router() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                _ = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: [Self.client: Self.header("a")])
                _ = try await client.execute(uri: "/v1/apps/notes/check?version=2.1.0", method: .get,
                                             headers: [Self.client: Self.header("b", version: "2.0.0", build: "200")])
                _ = try await client.execute(uri: "/api/version", method: .get, headers: [Self.client: Self.header("c", version: "1.9.0")])
                _ = try await client.execute(uri: "/v1/apps/notes/policy", method: .get)
                // An unknown app is refused before anything is noted.
                _ = try await client.execute(uri: "/v1/apps/ghost/policy", method: .get, headers: [Self.client: Self.header("d")])
            }
            #expect(try await active(server) == ["ios 2.1.0 210 17.4": 1, "ios 2.0.0 200 17.4": 1, "ios 1.9.0 210 17.4": 1])
        }
    }

    @Test("policy and /check answers from the hot path record the install too")
    func hotPath() async throws {
        try await TestServer.with { server in
            let log = RouterLog()
            try await buildApplication(server.components, configuration: server.configuration, logger: log.logger).test(.live) { client in
                for uri in ["/v1/apps/notes/policy?platform=ios", "/v1/apps/notes/check?version=2.0.0&platform=ios"] {
                    _ = try await client.execute(uri: uri, method: .get)
                    _ = await server.components.recorder.fold()
                    let routed = log.requests
                    for install in ["x", "y"] {
                        _ = try await client.execute(uri: uri, method: .get, headers: [Self.client: Self.header(install + uri.prefix(20))])
                    }
                    #expect(log.requests == routed, "answered by the hot path: \(uri)")
                }
            }
            #expect(try await active(server) == ["ios 2.1.0 210 17.4": 4])
        }
    }

    @Test("with recording off, no path notes anything")
    func off() async throws {
        var server = try await TestServer.make()
        server.configuration.adoption.recordInstalls = false
        try await server.application.test(.live) { client in
            for _ in 0..<2 {
                _ = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: [Self.client: Self.header("a")])
            }
            #expect(try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: Self.header("b")]).status == .noContent)
        }
        #expect(try await active(server).isEmpty)
        await server.close()
    }

    @Test("the beacon records its install; a missing or unreadable header is a 400 that says what is wrong, an unknown app a 404")
    func beacon() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let ping = "/v1/apps/notes/installs/ping"
                let ok = try await client.execute(uri: ping, method: .post, headers: [Self.client: Self.header("p", version: "2.4.1")])
                #expect(ok.status == .noContent)
                for headers: HTTPFields in [[:], [Self.client: "version=2.0.0"], [Self.client: #"version="2.0.0", platform="ios""#],
                                            [Self.client: #"version="two", platform="ios", install="x""#],
                                            [Self.client: #"version="2.0.0", platform="pda", install="x""#]] {
                    let refused = try await client.execute(uri: ping, method: .post, headers: headers)
                    #expect(refused.status == .badRequest)
                    #expect(refused.errorCode == "invalid-client-header")
                }
                let ghost = try await client.execute(uri: "/v1/apps/ghost/installs/ping", method: .post, headers: [Self.client: Self.header("p")])
                #expect(ghost.status == .notFound)
                #expect(ghost.errorCode == "app-not-found")
            }
            #expect(try await active(server) == ["ios 2.4.1 210 17.4": 1])
        }
    }

    @Test("storage holds an HMAC of the install ID under the server's key, never the ID, on every backend", arguments: TestBackend.available)
    func hmacOnly(_ backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let install = "INSTALL-4f1c2b7e-secret"
            // Checked while the application runs: its shutdown closes the database.
            try await server.application.test(.router) { client in
                _ = try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: Self.header(install)])
                await server.components.recorder.fold()
                try await checkStored(server, install: install)
            }
        }
    }

    private func checkStored(_ server: TestServer, install: String) async throws {
        let expected = try server.components.installHasher.hash(installID: install, app: "notes")
        #expect(expected.count == 32 && !expected.contains(install))
        #expect(try server.components.installHasher.hash(installID: install, app: "other") != expected, "unlinkable across apps")
        if let database = server.components.database {
            // The application's own fold may have taken the sighting first and still be writing it
            // (on a loaded machine the PostgreSQL write outlasted the test's fold), so wait for it.
            let deadline = ContinuousClock.now + .seconds(30)
            while try await database.read({ try await $0.raw("SELECT count(*) AS n FROM installs").first()?.decode(column: "n", as: Int.self) }) == 0,
                  ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                await server.components.recorder.fold()
            }
            let values = try await database.read { db in
                try await db.raw("SELECT app_id, platform, install_hash, version, build, os FROM installs").all().map { row in
                    try row.allColumns.map { try row.decode(column: $0, as: String.self) }
                }
            }
            #expect(values.count == 1)
            #expect(values.first?.contains(expected) == true)
            #expect(!values.flatMap { $0 }.contains { $0.contains(install) || $0.contains("4f1c2b7e") })
        } else {
            // The same race as above: the application's own fold may hold the sighting mid-write.
            let memory = try #require(server.components.installs as? MemoryInstallRepository)
            let deadline = ContinuousClock.now + .seconds(30)
            while await memory.row(appID: "notes", platform: .ios, installHash: expected) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                await server.components.recorder.fold()
            }
            #expect(await memory.row(appID: "notes", platform: .ios, installHash: expected) != nil)
        }
        // A different master key gives different hashes: the key is the server's, not a constant.
        let other = InstallIDHasher { try MasterKey(rawRepresentation: Data(repeating: 9, count: 32)) }
        #expect(try other.hash(installID: install, app: "notes") != expected)
    }

    @Test("a master key that can't be loaded stops the hasher from preparing, and nothing is hashed without it")
    func missingKey() throws {
        let hasher = InstallIDHasher { throw MasterKeyError.missing(path: "/nowhere/launchgate.key") }
        #expect(throws: MasterKeyError.self) { try hasher.prepare() }
        #expect(throws: MasterKeyError.self) { try hasher.hash(installID: "a", app: "notes") }
    }

    @Test("a full buffer drops sightings without failing requests, and counts them in /metrics")
    func fullBuffer() async throws {
        let base = try await TestServer.make()
        let components = ServerComponents(database: nil, repository: base.components.repository, adoption: AdoptionConfiguration(bufferBytes: 4096),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)))
        let server = TestServer(components: components, configuration: base.configuration, adminToken: base.adminToken)
        let header = Self.header(String(repeating: "i", count: 120))
        // The router alone, without the recorder's service, which would drain the buffer as it fills.
        try await Application(router: buildRouter(components, configuration: server.configuration), logger: TestBackend.logger).test(.router) { client in
            func dropped() async throws -> Double {
                let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
                let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_install_sightings_dropped_total ") }
                return line?.split(separator: " ").last.flatMap { Double($0) } ?? 0
            }
            let before = try await dropped()
            for _ in 0..<40 {
                #expect(try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: header]).status == .noContent)
            }
            // Each entry: lengths (3 bytes), the request's second (4), the client's key and share (9),
            // "notes" and the value; every ping comes from one client, which may fill 6 % of it.
            let kept = components.recorder.buffer.clientBytes / (24 + 5 + header.utf8.count)
            #expect(components.recorder.buffer.droppedTotal == 40 - kept)
            #expect(try await dropped() - before >= Double(40 - kept))
        }
        // What was kept is still recorded, once.
        #expect(await components.recorder.fold() == 1)
    }

    @Test("a fold writes each distinct header once, the newest last, and skips values that don't describe an install strictly")
    func foldParses() async throws {
        try await TestServer.with { server async throws in
            let recorder = server.components.recorder
            let long = "1.0.0-" + String(repeating: "a", count: 60)
            for header in [Self.header("a", version: "1.0.0"), Self.header("a", version: "1.1.0"), Self.header("a", version: "1.1.0"),
                           #"version="1.0.0", platform="ios""#, "garbage,,", Self.header("b", build: "not a build", os: "x.y"),
                           Self.header("c", os: "17.4-beta"), Self.header("d", version: long), Self.header(String(repeating: "e", count: 129)),
                           ClientHeader(version: "3.0.0", platform: "ios", install: "f").rendered()] {
                #expect(recorder.note(app: "notes", header: header))
            }
            // Nine distinct values, six of them refused; "a" written twice, its newest version last.
            #expect(await recorder.fold() == 3)
            #expect(await recorder.fold() == 0, "the buffer was emptied")
            #expect(try await active(server) == ["ios 1.1.0 210 17.4": 1, "ios 3.0.0  ": 1], "a build or OS left out is unknown")
        }
    }

    @Test("sightings past the cap are left out in the fold and counted in /metrics by reason: installs or groups")
    func capsCounted() async throws {
        let base = try await TestServer.make()
        let components = ServerComponents(database: nil, repository: base.components.repository,
                                          adoption: AdoptionConfiguration(limits: InstallLimits(installsPerAppPlatform: 2, groupsPerAppPlatform: 1)),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)))
        try await Application(router: buildRouter(components, configuration: base.configuration), logger: TestBackend.logger).test(.router) { client in
            func capped(_ reason: String) async throws -> Double {
                let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(base.adminToken)).text
                let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_install_sightings_capped_total{reason=\"\(reason)\"}") }
                return line?.split(separator: " ").last.flatMap { Double($0) } ?? 0
            }
            let (installs, groups) = (try await capped("installs"), try await capped("groups"))
            for header in [Self.header("a"), Self.header("b", version: "9.0.0"), Self.header("c")] {
                #expect(try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: header]).status == .noContent)
            }
            // "a" is kept; "b" would start a second group; "c" joins a's group; the fold is where it is decided.
            #expect(await components.recorder.fold() == 2)
            // At least: the counters are the process's, and other suites' folds may count beside this one.
            #expect(try await capped("groups") - groups >= 1)
            #expect(try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: Self.header("d")]).status == .noContent)
            #expect(await components.recorder.fold() == 0)
            #expect(try await capped("installs") - installs >= 1)
        }
    }
}
