import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The console's App Store page shows each linked platform's storefront versions and poll status")
struct ConsoleAppStoreTests {
    @Test("an unlinked app says how to link it; a linked one lists its storefronts, versions served, pins and last error, escaped")
    func page() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let unlinked = try await browser.get("/console/apps/notes/appstore")
                #expect(unlinked.status == .ok && unlinked.text.contains("Not linked to the App Store"))
                try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                     storefronts: ["us,jp"], pins: [.notes])
                let status = AppStoreLinkStatus(lastPollAt: Samples.now, lastError: "us: <b>malformed</b> answer", failures: 3,
                                                nextPollAt: Samples.now.addingTimeInterval(1800),
                                                ignoredAnswers: [IgnoredAnswer(storefront: "jp", version: "99999999999.0", reason: .recorded("99999999999.0 is implausible: <i>a component</i>"))])
                _ = try await server.components.appStoreLinks.record(try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)),
                                                                           served: ["us": "2.5.0"], status: status, reset: false)
                let linked = try await browser.get("/console/apps/notes/appstore")
                #expect(linked.text.contains("ios · com.example.notes") && linked.text.contains("2.5.0") && linked.text.contains("not yet"))
                #expect(linked.text.contains("&lt;b&gt;malformed&lt;/b&gt;") && !linked.text.contains("<b>malformed"))
                #expect(linked.text.contains("Failures in a row</dt><dd>3<"))
                #expect(linked.text.contains("Ignored answers") && linked.text.contains("jp: 99999999999.0 is implausible: &lt;i&gt;a component&lt;/i&gt;"))
                #expect(linked.text.contains(">notes<"), "the pins")
                #expect(try await browser.get("/console/apps/notes").text.contains("/console/apps/notes/appstore"), "the app's page links to it")
            }
        }
    }

    @Test("each linked platform shows Apple's phased release as the poller last found it, or that it wasn't checked yet, and its trusted and newest versions (review s15, M12)")
    func phasedRelease() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                     storefronts: ["us"])
                #expect(try await browser.get("/console/apps/notes/appstore").text.contains("not checked yet"))
                let status = AppStoreLinkStatus(lastPollAt: Samples.now, lastSuccessAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(1800),
                                                phasedRelease: "PAUSED day 4: 0 %", trustedVersion: "2.4.1", newestVersion: "2.5.0", newestSince: Samples.now,
                                                newestMinorSince: Samples.now.addingTimeInterval(-3600))
                _ = try await server.components.appStoreLinks.record(try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)),
                                                                           served: ["us": "2.5.0"], status: status, reset: false)
                let page = try await browser.get("/console/apps/notes/appstore").text
                #expect(page.contains("Phased release") && page.contains("PAUSED day 4: 0 %"))
                #expect(page.contains("<dt>Trusted version</dt><dd>2.4.1</dd>") && page.contains("2.5.0, 2.5 newest since "), "\(page)")
                #expect(!page.contains("major 2"), "the day runs per major.minor, and the page says so (attack s15b, 6)")
            }
        }
    }
}
