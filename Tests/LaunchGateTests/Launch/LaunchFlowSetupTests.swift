import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The one-line setup: defaults, and what a wrong key or URL does")
struct LaunchFlowSetupTests {
    private let key = "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="
    private let app = AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4", preferredLanguages: ["en"])

    /// Collects what a setup reports.
    private final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var all: [String] { lock.withLock { stored } }
        func add(_ message: String) { lock.withLock { stored.append(message) } }
    }

    private func setUp(url: String = "https://updates.example.com/v1/apps/notes/policy?platform=ios", key: String,
                       app: AppInfo?, reports: Reports, transport: ScriptedTransport = ScriptedTransport()) -> LaunchFlow {
        LaunchFlow.standard(policyURL: URL(string: url)!, publicKey: key, app: app, store: InMemoryKeyValueStore(),
                            transport: transport, opener: RecordingURLOpener(), onFailure: .failOpen,
                            report: { reports.add($0) })
    }

    @Test("a URL and a key are enough: the flow checks that URL and pins that key")
    func oneLine() async {
        let transport = ScriptedTransport()
        let reports = Reports()
        let flow = setUp(key: key, app: app, reports: reports, transport: transport)
        #expect(flow.updates != nil)
        #expect(reports.all.isEmpty)
        transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: PolicyDocuments.url)
        await flow.start()
        #expect(transport.requests(to: PolicyDocuments.url).count == 1)
        #expect(flow.state == .plainApp, "an unsigned document is refused when a key is pinned, and the app opens")
        #expect(flow.updates?.lastError != nil)
    }

    @Test("a malformed key, in a release build, is reported with what is wrong, and the app opens without a check")
    func malformedKeyFailsOpen() async {
        let reports = Reports()
        let flow = setUp(key: "ed25519:not-a-key", app: app, reports: reports)
        #expect(flow.updates == nil)
        #expect(flow.state == .plainApp)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("public key") == true)
        #expect(reports.all.first?.contains("launchgate keys show") == true)
    }

    @Test("an http URL to another host and an unreadable app version are refused the same way")
    func otherProblems() {
        let reports = Reports()
        #expect(setUp(url: "http://updates.example.com/policy", key: key, app: app, reports: reports).updates == nil)
        #expect(reports.all.last?.contains("not https") == true)
        #expect(setUp(url: "http://localhost:8080/v1/apps/demo/policy", key: key, app: app, reports: reports).updates != nil,
                "http to this device's loopback is allowed, for local servers")
        #expect(setUp(key: key, app: nil, reports: reports).updates == nil)
        #expect(reports.all.last?.contains("CFBundleShortVersionString") == true)
    }

    @Test("the problem is found before any flow is made, so a debug build can stop on it")
    func problemsAreTyped() {
        #expect(throws: SetupProblem.self) {
            _ = try LaunchFlow.makeMonitor(policyURL: URL(string: "https://a.example/p")!, publicKey: "x", app: app, store: nil,
                                           transport: ScriptedTransport(), opener: RecordingURLOpener())
        }
    }
}
