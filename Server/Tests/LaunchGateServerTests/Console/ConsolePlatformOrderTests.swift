import Foundation
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The editor took its platforms from a dictionary, so their order changed between loads (iOS
/// first on some, Android on others) while the screens and the apps table sorted by name
/// (Android first): someone could edit the wrong platform. Every list now follows the SDK's
/// order of platforms, iOS first.
@Suite("The console lists platforms in one order everywhere, iOS first, on every load")
struct ConsolePlatformOrderTests {
    /// Every capture of a pattern's first group, in order.
    private func captures(_ pattern: String, in text: String) throws -> [String] {
        text.matches(of: try Regex(pattern)).compactMap { $0.output[1].substring.map(String.init) }
    }

    // MARK: Tests

    @Test("a draft of every platform lays its fieldsets out in the SDK's order")
    func draftOrder() {
        let entry = PlatformPolicy(latest: Release(version: "2.0.0"))
        let policy = UpdatePolicy(app: "notes", platforms: Dictionary(uniqueKeysWithValues: Platform.allCases.map { ($0, entry) }))
        #expect(PolicyDraft(policy: policy).fieldsets.map(\.platform) == Platform.allCases.map(\.rawValue))
        #expect(ScreenPreviews.groups(for: policy, now: Samples.now).groups.map(\.platformID) == Platform.allCases.map(\.rawValue))
    }

    @Test("the editor, its screens and the apps table show iOS before Android, the same on 20 loads")
    func pagesOrder() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                for _ in 0..<20 {
                    let editor = try await browser.get("/console/apps/notes/policy").text
                    #expect(try captures(#"<legend>([^<]+)</legend>"#, in: editor) == ["iOS", "Android"])
                    #expect(try captures(#"<h3>([^<]+) · <span lang="en">"#, in: editor) == ["iOS", "Android"])
                }
                let apps = try await browser.get("/console/apps/notes").text
                #expect(try captures(#"<tr><th scope="row">([^<]+)</th>"#, in: apps) == ["iOS", "Android"])
            }
        }
    }
}
