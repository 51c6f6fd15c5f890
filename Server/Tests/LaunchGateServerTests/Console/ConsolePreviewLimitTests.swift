import Foundation
import Hummingbird
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

/// Previews render every screen of a draft in every locale; a read token could ask for them
/// without limit and get megabytes each time.
@Suite("Console previews are rate-limited per session and client, and their size is bounded")
struct ConsolePreviewLimitTests {
    private func fields(_ csrf: String, platforms: [Platform], notes: String = "Bug fixes.") -> [(String, String)] {
        var fields = [("csrf", csrf)]
        for platform in platforms {
            let id = platform.rawValue
            fields += [("platform", id), ("\(id).latestVersion", "2.4.1"), ("\(id).notes", notes), ("\(id).required", "2.0.0"),
                       ("\(id).recommended", "2.3.0"), ("\(id).updateURL", "https://example.com/app")]
        }
        return fields
    }

    // MARK: Tests

    @Test("past the session's burst, a preview is refused with 429, Retry-After and the console's error page")
    func rateLimited() async throws {
        try await TestServer.with { server in
            // A frozen clock: the burst of 30 is the whole budget, however slowly previews render
            // (under load the live clock refilled one a second and the refusal never came).
            let frozen = ContinuousClock.now
            let limits = ConsoleLimits(previewsPerSession: RateLimiter(capacity: 30, perSecond: 1, now: { frozen }))
            try await Application(router: try server.consoleRouter(limits: limits), logger: TestBackend.logger).test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                var accepted = 0
                var refusal: TestResponse?
                for _ in 0..<100 {
                    let response = try await browser.post("/console/apps/notes/policy/preview-fragment", fields(csrf, platforms: [.ios]))
                    guard response.status == .ok else {
                        refusal = response
                        break
                    }
                    accepted += 1
                }
                #expect(accepted == 30)
                let refused = try #require(refusal)
                #expect(refused.status == .tooManyRequests)
                #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
                #expect(refused.text.hasPrefix("<!DOCTYPE html>") && refused.text.contains("Too many previews"))
                #expect(refused.headers[.contentSecurityPolicy] != nil, "the console's headers are on it too")
            }
        }
    }

    @Test("a draft on three platforms with ten locales each previews 16 platform-and-locale groups, says so, and cuts long notes")
    func bounded() async throws {
        try await TestServer.with { server in
            var policy = Samples.policy()
            let platforms: [Platform] = [.ios, .android, .macos]
            for platform in platforms {
                var entry = policy.platforms[platform] ?? PlatformPolicy(latest: Release(version: "2.4.1"))
                for (index, locale) in ["de", "es", "fr", "it", "ja", "ko", "nl", "pt", "sv", "zh"].enumerated() {
                    var texts = ScreenTexts()
                    texts.updateRequired = ScreenText(title: "Title \(index)")
                    entry.texts[locale] = texts
                }
                policy.platforms[platform] = entry
            }
            _ = try await server.components.policies.publish(policy, app: "notes", channel: .production, author: "setup")
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let notes = String(repeating: "Long notes. ", count: 1_300)
                let preview = try await browser.post("/console/apps/notes/policy/preview-fragment", fields(csrf, platforms: platforms, notes: notes))
                #expect(preview.status == .ok)
                #expect(preview.text.components(separatedBy: #"<div class="phones""#).count - 1 == ScreenPreviews.maximumGroups)
                #expect(preview.text.contains(#"id="previews-omitted""#) && preview.text.contains("17 more platform and locale combinations"))
                let parts = preview.text.components(separatedBy: #"id="screens-heading""#)
                #expect(parts.count == 2)
                let (diff, screens) = (parts[0], parts.last ?? "")
                #expect(screens.contains("Long notes. Long notes."))
                #expect(!screens.contains(String(repeating: "Long notes. ", count: 90)), "no phone shows more than 1,000 bytes of notes")
                #expect(diff.contains("Long notes. Long notes."))
                #expect(!diff.contains(String(repeating: "Long notes. ", count: 30)), "nor does the diff's line of them")
                #expect(preview.body.readableBytes < 300_000)
                // Only iOS's phones are drawn as iPhones (review: Android's and the Mac's screens sat under a Dynamic Island).
                let phones = screens.components(separatedBy: #"<figure class="phone-frame" id="preview-"#).dropFirst()
                let iPhones = phones.filter { $0.hasPrefix("ios-") }, others = phones.filter { !$0.hasPrefix("ios-") }
                #expect(!iPhones.isEmpty && iPhones.allSatisfy { $0.contains(#"class="status-bar""#) && $0.contains(#"class="home-indicator""#) })
                #expect(!others.isEmpty && others.allSatisfy { !$0.contains("status-bar") && !$0.contains("home-indicator") })
                #expect(screens.contains("In a plain frame: on macOS the screens sit in that system"))
            }
        }
    }
}
