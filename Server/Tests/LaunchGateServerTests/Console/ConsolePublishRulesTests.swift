import Foundation
import HummingbirdTesting
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The console publishes by the same rules as the API and the CLI: a note's limit in bytes, and
/// a new latest version starting a new release date.
@Suite("Console publish rules: notes limited in UTF-8 bytes, a new latest version gets today's release date")
struct ConsolePublishRulesTests {
    private func fields(_ csrf: String, latest: String = "2.4.1", note: String = "", base: String = "1") -> [(String, String)] {
        [("csrf", csrf), ("base", base), ("platform", "ios"), ("ios.latestVersion", latest), ("ios.latestBuild", "241"), ("ios.notes", "Faster sync."),
         ("ios.minimumOS", "16.0"), ("ios.recommended", "2.3.0"), ("ios.required", "2.0.0"), ("ios.requiredBuild", "200"),
         ("ios.updateURL", "https://apps.apple.com/app/id1"), ("platform", "android"), ("android.latestVersion", "2.4.0"),
         ("android.required", "1.9.0"), ("android.updateURL", "https://play.google.com/store/apps/details?id=x"), ("note", note)]
    }

    private func revisions(_ server: TestServer) async throws -> [PolicyRevision] {
        try await server.components.repository.revisions(appID: "notes", channel: .production)
    }

    // MARK: Tests

    @Test("a note of 300 characters but 900 bytes is refused next to its field; 500 bytes of 250 characters publish")
    func noteInBytes() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let refused = try await browser.post("/console/apps/notes/policy/publish", fields(csrf, latest: "2.4.2", note: String(repeating: "€", count: 300)))
                #expect(refused.status == .unprocessableContent)
                #expect(refused.text.contains(#"<p class="error field-error" id="note-error">The note is 900 bytes; the limit is 500 (UTF-8 bytes, not characters).</p>"#))
                #expect(refused.text.contains(#"aria-describedby="note-hint note-error" aria-invalid="true""#))
                #expect(try await revisions(server).count == 1, "nothing was published, and nothing was cut short silently")
                let preview = try await browser.post("/console/apps/notes/policy/preview-fragment", fields(csrf, note: String(repeating: "€", count: 300)))
                #expect(preview.status == .ok)
                #expect(preview.text.contains(##"<li data-field="note"><a href="#note">Note for the history</a>: <span class="message">The note is 900 bytes"##),
                        "the previews carry the note's problem, so the script marks the field while the person types")
                let fits = String(repeating: "é", count: 250)
                let published = try await browser.post("/console/apps/notes/policy/publish", fields(csrf, latest: "2.4.2", note: fits))
                #expect(published.status == .seeOther)
                #expect(try await revisions(server).first?.note == fits)
            }
        }
    }

    @Test("every way of publishing shares the note's byte limit: the service refuses a longer one with invalid-note")
    func serviceRule() async throws {
        try await TestServer.with { server in
            let error = await #expect(throws: ServiceError.self) {
                try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "cli",
                                                             note: String(repeating: "日", count: 200))
            }
            #expect(error?.code == "invalid-note")
        }
    }

    @Test("publishing a new latest version from the console dates the release now; the same version keeps its date")
    func releaseDate() async throws {
        let clock = TestClock(Samples.now.addingTimeInterval(86_400 * 3))
        try await TestServer.with(now: clock.now) { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                #expect(try await browser.post("/console/apps/notes/policy/publish", fields(csrf, note: "same version")).status == .seeOther)
                let same = try UpdatePolicy(json: try #require(try await revisions(server).first).document)
                #expect(same.platforms[.ios]?.latest?.releaseDate == Samples.now, "2.4.1 keeps the date it was released on")
                clock.advance(by: 3600)
                let csrf2 = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                #expect(try await browser.post("/console/apps/notes/policy/publish", fields(csrf2, latest: "2.5.0", base: "2")).status == .seeOther)
                let new = try UpdatePolicy(json: try #require(try await revisions(server).first).document)
                #expect(new.platforms[.ios]?.latest?.version == "2.5.0")
                #expect(new.platforms[.ios]?.latest?.releaseDate == clock.now(), "2.5.0 is a new release, dated by the server's clock")
            }
        }
    }

    @Test("the shared rule: a different version clears the old build and dates the release; the same version changes nothing")
    func setVersion() {
        var release = Release(version: "2.4.1", build: BuildNumber(241), releaseDate: Samples.now)
        release.setVersion("2.4.1", at: Samples.now.addingTimeInterval(60))
        #expect(release.releaseDate == Samples.now && release.build == BuildNumber(241))
        release.setVersion("2.5.0", at: Samples.now.addingTimeInterval(60))
        #expect(release.releaseDate == Samples.now.addingTimeInterval(60) && release.build == nil)
    }
}
