import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The one-line setup's options: a server and an app ID, a blocking launch, the refresh, the format, the fallback URL, the App Store ID, the install beacon")
struct LaunchFlowOneLineTests {
    private let key = "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="
    private let app = AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4", preferredLanguages: ["en"])
    private let server = URL(string: "https://updates.example.com")!

    @Test("a server and an app ID make the policy URL for the platform the app runs on, and the channel when not production")
    func policyURL() {
        #expect(LaunchFlow.policyURL(server: server, appID: "notes", platform: .ios)?.absoluteString
                == "https://updates.example.com/v1/apps/notes/policy?platform=ios")
        #expect(LaunchFlow.policyURL(server: URL(string: "https://example.com/launchgate/")!, appID: "notes", channel: .beta,
                                     platform: .visionos)?.absoluteString
                == "https://example.com/launchgate/v1/apps/notes/policy?platform=visionos&channel=beta")
        #expect(LaunchFlow.policyURL(server: server, appID: "", platform: .ios) == nil)
        #expect(LaunchFlow.policyURL(server: server, appID: "notes/../admin", platform: .ios) == nil)
        #expect(LaunchFlow.policyURL(server: server, appID: "notes?x=1", platform: .ios) == nil)
    }

    @Test("the server setup checks that URL with the app's platform, and binds the signature to that app")
    func serverSetup() async {
        let transport = ScriptedTransport()
        let tv = AppInfo(version: "1.5.0", platform: .tvos, osVersion: "17.4", preferredLanguages: ["en"])
        let flow = LaunchFlow.standard(server: server, appID: "notes", publicKey: key, app: tv, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: RecordingURLOpener(), onFailure: .failOpen,
                                       logsFailedChecks: false)
        await flow.start()
        let asked = transport.requests.map(\.url.absoluteString)
        #expect(asked == ["https://updates.example.com/v1/apps/notes/policy?platform=tvos"])
    }

    @Test("an app ID that can't be in a URL is reported, and the app opens without a check")
    func badAppID() {
        let reports = Reports()
        let flow = LaunchFlow.standard(server: server, appID: "a/b", publicKey: key, app: app, store: InMemoryKeyValueStore(),
                                       transport: ScriptedTransport(), opener: RecordingURLOpener(), onFailure: .failOpen,
                                       report: { reports.add($0) })
        #expect(flow.updates == nil)
        #expect(reports.all.first?.contains("app ID") == true)
    }

    @Test("a blocking one-line launch shows the loading screen until the answer (seed 000's spinner, seed 001's loading screen)")
    func blocking() async {
        let transport = ScriptedTransport()
        let gate = TransportGate()
        let url = PolicyDocuments.url
        transport.enqueue(.gated(gate, .json(Data("{}".utf8))), for: url)
        let flow = LaunchFlow.standard(policyURL: url, publicKey: nil, app: app, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: RecordingURLOpener(),
                                       launchMode: .blocking(timeout: .seconds(30)), onFailure: .failOpen, logsFailedChecks: false)
        #expect(flow.state == .checking)
        let launch = Task { await flow.start() }
        gate.open()
        await launch.value
        #expect(flow.state != .checking)
        let nonBlocking = LaunchFlow.standard(policyURL: url, publicKey: nil, app: app, store: InMemoryKeyValueStore(),
                                              transport: transport, opener: RecordingURLOpener(), onFailure: .failOpen)
        #expect(nonBlocking.state == .plainApp, "non-blocking is still the default")
    }

    @Test("without a key an unsigned seed document is read in its format, and the fallback URL is the update button's")
    func seedFormatAndFallback() async {
        let transport = ScriptedTransport()
        let url = URL(string: "https://api.example.com/api/config")!
        transport.enqueue(.respond(.json(Data(#"{"min_supported_version_ios": "2.0.0"}"#.utf8))), for: url)
        let opener = RecordingURLOpener()
        let fallback = URL(string: "https://apps.apple.com/app/id1234567890")!
        let flow = LaunchFlow.standard(policyURL: url, publicKey: nil, app: app, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: opener, format: .minimumSupportedVersion,
                                       fallbackUpdateURL: fallback, onFailure: .failOpen, logsFailedChecks: false)
        await flow.start()
        guard case .updateRequired(let screen) = flow.state else {
            Issue.record("expected a required update, got \(flow.state)")
            return
        }
        #expect(screen.primaryAction != nil, "the fallback URL gives the blocking screen its button")
        #expect(await flow.openUpdate())
        #expect(opener.opened == [fallback])
    }

    @Test("the App Store ID set in either setup is where a required update without an update URL goes")
    func appStoreID() async throws {
        let transport = ScriptedTransport()
        let url = URL(string: "https://api.example.com/api/config")!
        transport.always(.respond(.json(Data(#"{"min_supported_version_ios": "2.0.0"}"#.utf8))), for: url)
        let opener = RecordingURLOpener()
        let flow = LaunchFlow.standard(policyURL: url, publicKey: nil, app: app, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: opener, format: .minimumSupportedVersion,
                                       appStoreID: "1234567890", onFailure: .failOpen, logsFailedChecks: false)
        await flow.start()
        guard case .updateRequired(let screen) = flow.state else {
            Issue.record("expected a required update, got \(flow.state)")
            return
        }
        #expect(screen.primaryAction != nil, "the App Store page gives the blocking screen its button")
        #expect(await flow.openUpdate())
        #expect(opener.opened == [URL(string: "https://apps.apple.com/app/id1234567890")!])

        let signing = PolicySigningKey()
        let body = Data("""
        {"schemaVersion": 1, "issuedAt": "2026-11-20T09:00:00Z", "subject": \(PolicyDocuments.iosSubject),
         "platforms": {"ios": {"required": {"version": "2.0.0"}, "latest": {"version": "2.0.0"}}}}
        """.utf8)
        let signed = TransportResponse.json(body, headers: [PolicySignature.headerName: try signing.signature(for: body).description])
        let serverTransport = ScriptedTransport()
        serverTransport.always(.respond(signed), for: PolicyDocuments.url)
        let serverOpener = RecordingURLOpener()
        let server = LaunchFlow.standard(server: server, appID: "notes", publicKey: signing.publicKey.description, app: app,
                                         store: InMemoryKeyValueStore(), transport: serverTransport, opener: serverOpener,
                                         appStoreID: "987", sendsInstallBeacon: false, onFailure: .failOpen,
                                         logsFailedChecks: false)
        await server.start()
        #expect(await server.openUpdate())
        #expect(serverOpener.opened == [URL(string: "https://apps.apple.com/app/id987")!])
    }

    @Test("an App Store ID that isn't the app's Apple ID (digits only) is reported, and the app opens without a check")
    func badAppStoreID() {
        for id in ["id1234567890", "https://apps.apple.com/app/id1", "", "123456789012345678901"] {
            let reports = Reports()
            let flow = LaunchFlow.standard(server: server, appID: "notes", publicKey: key, app: app,
                                           store: InMemoryKeyValueStore(), transport: ScriptedTransport(),
                                           opener: RecordingURLOpener(), appStoreID: id, onFailure: .failOpen,
                                           report: { reports.add($0) })
            #expect(flow.updates == nil, "\(id)")
            #expect(reports.all.first?.contains("App Store ID") == true, "\(id)")
        }
    }

    @Test("the install beacon is sent after a launch check by default, and never with sendsInstallBeacon: false")
    func installBeacon() async throws {
        let signing = PolicySigningKey()
        let body = PolicyDocuments.canonical()
        let signed = TransportResponse.json(body, headers: [PolicySignature.headerName: try signing.signature(for: body).description])
        let ping = URL(string: "https://updates.example.com/v1/apps/notes/installs/ping")!
        for sends in [true, false] {
            let transport = ScriptedTransport()
            transport.always(.respond(signed), for: PolicyDocuments.url)
            transport.always(.respond(TransportResponse(status: 204)), for: ping, method: "POST")
            let flow = sends
                ? LaunchFlow.standard(server: server, appID: "notes", publicKey: signing.publicKey.description, app: app,
                                      store: InMemoryKeyValueStore(), transport: transport, opener: RecordingURLOpener(),
                                      onFailure: .failOpen, logsFailedChecks: false)
                : LaunchFlow.standard(server: server, appID: "notes", publicKey: signing.publicKey.description, app: app,
                                      store: InMemoryKeyValueStore(), transport: transport, opener: RecordingURLOpener(),
                                      sendsInstallBeacon: false, onFailure: .failOpen, logsFailedChecks: false)
            await flow.start()
            #expect(flow.updates?.lastError == nil)
            _ = await flow.updates?.beaconTask?.value
            let pings = transport.requests.filter { $0.url == ping && $0.method == "POST" }
            #expect(pings.count == (sends ? 1 : 0), "sendsInstallBeacon \(sends)")
        }
    }

    @Test("a refresh interval set in the setup overrides the policy's: with 0 every return re-checks")
    func refreshInterval() async {
        let transport = ScriptedTransport()
        let url = PolicyDocuments.url
        transport.always(.respond(.json(PolicyDocuments.canonical(required: "1.0.0", latest: "1.5.0", refresh: 86_400))), for: url)
        let flow = LaunchFlow.standard(policyURL: url, publicKey: nil, app: app, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: RecordingURLOpener(), refreshInterval: 0,
                                       onFailure: .failOpen, logsFailedChecks: false)
        await flow.start()
        await flow.didBecomeActive()
        #expect(transport.requests(to: url).count == 2, "the policy's day was overridden")
    }

    @Test("a debug build's setup logs why a check failed, with what to do, once per failure")
    func logsFailedChecks() async {
        let transport = ScriptedTransport()
        let url = URL(string: "http://localhost:8080/v1/apps/demo/policy?platform=ios")!
        transport.always(.fail(.transport("Could not connect to the server.")), for: url)
        let reports = Reports()
        let flow = LaunchFlow.standard(policyURL: url, publicKey: key, app: app, store: InMemoryKeyValueStore(),
                                       transport: transport, opener: RecordingURLOpener(), refreshInterval: 0,
                                       onFailure: .failOpen, logsFailedChecks: true, report: { reports.add($0) })
        await flow.start()
        #expect(flow.state == .plainApp, "a failed check still opens the app")
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("NSAllowsLocalNetworking") == true)
        #expect(reports.all.first?.contains("localhost is the phone") == true)
        await flow.didBecomeActive()
        #expect(transport.requests(to: url).count == 2)
        #expect(reports.all.count == 1, "the same failure again is not logged twice")

        let quiet = Reports()
        let release = LaunchFlow.standard(policyURL: url, publicKey: key, app: app, store: InMemoryKeyValueStore(),
                                          transport: transport, opener: RecordingURLOpener(), onFailure: .failOpen,
                                          logsFailedChecks: false, report: { quiet.add($0) })
        await release.start()
        #expect(quiet.all.isEmpty)
    }
}

/// Collects what a setup reports.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func add(_ message: String) { lock.withLock { stored.append(message) } }
}
