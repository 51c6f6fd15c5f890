import Foundation
import Hummingbird
import HummingbirdTesting
import LaunchGate
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// One impact, worded the same in every surface: each figure names its platform, the sentence,
/// the API's `platforms`, the console's table and its checkbox give the same numbers, and the
/// refusal speaks each surface's own controls. (The CLI's output is checked in `scripts/cli-test`.)
@Suite("Impact surfaces: one impact, the same per-platform figures everywhere, each surface in its own words")
struct ImpactSurfacesTests {
    /// 80 Android installs of "notes", established: 20 on 1.8.0, which Android's own required
    /// 1.9.0 blocks, and 60 on 2.4.0.
    private func seedAndroid(_ installs: any InstallRepository) async throws {
        try await AdoptionFixture.established((0..<80).map {
            InstallSighting(appID: "notes", platform: .android, installHash: "android-\($0)", version: $0 < 20 ? "1.8.0" : "2.4.0", build: "1",
                            os: "14", at: Samples.now)
        }, in: installs)
    }

    /// The editor's fields for Samples' policy with iOS's required version raised, Android's left as it is.
    private func editorFields(_ csrf: String, required: String, confirm: Bool = false) -> [(String, String)] {
        var fields = [("csrf", csrf), ("base", "1"), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.latestBuild", "241"),
                      ("ios.minimumOS", "16.0"), ("ios.notes", "Faster sync."), ("ios.required", required), ("ios.requiredBuild", "200"),
                      ("ios.recommended", "2.3.0"), ("ios.updateURL", "https://apps.apple.com/app/id1"), ("platform", "android"),
                      ("android.latestVersion", "2.4.0"), ("android.required", "1.9.0"),
                      ("android.updateURL", "https://play.google.com/store/apps/details?id=x"), ("note", "")]
        if confirm { fields.append(("confirm", "on")) }
        return fields
    }

    /// Text as Mustache's `{{ }}` writes it.
    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A raw platform key used as a word ("on ios", "active android installs"), where people read "iOS" and "Android".
    private func rawKeys(_ text: String) -> [String] {
        text.matches(of: /\b(ios|ipados|macos|tvos|watchos|visionos|android)\b/).map { String($0.output.0) }
    }

    // MARK: Tests

    @Test("a two-platform impact: the sentence, the API, the console's table and checkbox give each platform's own figures")
    func samePlatformFigures() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await AdoptionFixture.seed(server.components.installs)
            try await seedAndroid(server.components.installs)
            let proposal = Samples.policy(required: "2.2.0")
            let impact = try await server.components.adoption.impact(of: proposal, app: "notes", channel: .production)
            let (ios, android) = (try #require(impact.platforms[.ios]), try #require(impact.platforms[.android]))
            #expect(ios.counted == ImpactCounts(installs: 100, blocked: 30, newlyBlocked: 20))
            #expect(android.counted == ImpactCounts(installs: 80, blocked: 20, newlyBlocked: 0))
            let words = ImpactSentences(impact)
            #expect(words.headline == "Raising required on iOS to 2.2.0 blocks 30 of 100 iOS installs (30 %), 20 of them not blocked now.")
            #expect(words.sentences.contains("Android's unchanged rules block 20 of 80 Android installs (25 %)."), "\(words.sentences)")
            #expect(!words.summary.contains("180"), "no figure adds the platforms together: \(words.summary)")
            #expect(rawKeys(words.summary).isEmpty, "\(words.summary)")

            let document = String(decoding: try proposal.jsonData(), as: UTF8.self)
            try await server.application.test(.live) { client in
                let auth = TestServer.bearer(server.adminToken)
                let dryRun = try await client.execute(uri: "/v1/admin/apps/notes/policy?dry_run=true", method: .put, headers: auth,
                                                      body: ByteBuffer(string: document))
                let body = try dryRun.json()
                #expect(body["summary"] as? String == words.summary)
                let platforms = try #require(body["platforms"] as? [String: [String: Any]])
                for (platform, counts) in [("ios", ios.counted), ("android", android.counted)] {
                    #expect(platforms[platform]?["activeInstalls"] as? Int == counts.installs, "\(platform)")
                    #expect(platforms[platform]?["blocked"] as? Int == counts.blocked, "\(platform)")
                    #expect(platforms[platform]?["newlyBlocked"] as? Int == counts.newlyBlocked, "\(platform)")
                    #expect(platforms[platform]?["blockedShare"] as? Double == counts.blockedShare, "\(platform)")
                }

                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let fields = editorFields(csrf, required: "2.2.0")
                let page = try await browser.post("/console/apps/notes/policy/preview-fragment", fields).text
                let form = ConsoleForm(encoded: fields.map { "\(ConsoleBrowser.encode($0.0))=\(ConsoleBrowser.encode($0.1))" }.joined(separator: "&"))
                let draft = try #require(PolicyDraft(form: form, base: Samples.policy(), app: "notes", now: Samples.now).policy)
                let shown = try await server.components.adoption.impact(of: draft, app: "notes", channel: .production)
                #expect(shown.platforms == impact.platforms, "the form's draft is the API's proposal")
                #expect(page.contains(html(words.headline)), "\(page.prefix(600))")
                for sentence in words.caveats { #expect(page.contains("<li>\(html(sentence))</li>"), "\(sentence)") }
                for (platform, counts) in [(Platform.ios, ios.counted), (.android, android.counted)] {
                    let id = platform.rawValue
                    #expect(page.contains(#"<th scope="row">\#(platform.osName)</th>"#))
                    #expect(page.contains(#"id="impact-\#(id)-installs">\#(FigureText.grouped(counts.installs))<"#), "\(id)")
                    #expect(page.contains(#"id="impact-\#(id)-blocked">\#(counts.blocked) (\#(FigureText.percent(counts.blockedShare)))<"#), "\(id)")
                    #expect(page.contains(#"id="impact-\#(id)-newly-blocked">\#(counts.newlyBlocked) (\#(FigureText.percent(counts.newlyBlockedShare)))<"#))
                }
                // The guard's check is iOS's own share, named as such, from the same counts.
                #expect(page.contains("Publish although it leaves \(FigureText.percent(ios.counted.blockedShare)) of active iOS installs blocked"))

                // The refusal, in each surface's words.
                let refused = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: ByteBuffer(string: document))
                #expect(refused.status == .conflict && refused.errorCode == "confirmation-required")
                let message = try #require((try refused.json()["error"] as? [String: Any])?["message"] as? String)
                let refusal = GuardRefusal(impact: impact, breach: GuardBreach(platform: .ios, measure: .blockedAfter, share: 0.3), limit: 0.2)
                #expect(message == refusal.sentence(for: .api))
                let console = try await browser.post("/console/apps/notes/policy/publish", fields)
                #expect(console.status == .conflict)
                #expect(console.text.contains(#"id="guard-error">\#(html(refusal.sentence(for: .console(.publish))))<"#), "\(console.text.prefix(300))")
            }
        }
    }

    @Test("a fresh app, all installs first seen today: one plain sentence with iOS's figures, then the caveat, neither contradicting the other")
    func freshApp() {
        var impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(required: "2.2.0"), current: Samples.policy())
        impact.platforms[.ios] = PlatformImpact(new: ImpactCounts(installs: 1_000, blocked: 300, newlyBlocked: 300), changesBlocking: true)
        #expect(ImpactSentences(impact).sentences == [
            "Raising required on iOS to 2.2.0 blocks 300 of 1,000 iOS installs (30 %).",
            "All 1,000 iOS installs were first seen today: none is established yet (seen twice, a day apart), so the publish guard asks to "
                + "confirm any change that newly blocks one of them.",
        ])
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .noEstablishedInstalls, share: 1)))
    }

    @Test("an established app: the plain sentence, then today's new installs in a sentence of their own")
    func establishedApp() {
        var impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(required: "2.2.0"), current: Samples.policy())
        let counts = ImpactCounts(installs: 1_000, blocked: 300, newlyBlocked: 300)
        impact.platforms[.ios] = PlatformImpact(active: counts, established: counts, new: ImpactCounts(installs: 7, blocked: 2, newlyBlocked: 2),
                                                changesBlocking: true)
        #expect(ImpactSentences(impact).sentences == [
            "Raising required on iOS to 2.2.0 blocks 300 of 1,000 iOS installs (30 %).",
            "7 more iOS installs were first seen today (2 of them blocked); they count in none of these figures until they are seen on another day.",
        ])
    }

    @Test("each surface's refusal is at most about 200 characters and names its own controls, for every rule the guard checks")
    func refusalWords() {
        var impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(required: "2.2.0"), current: Samples.policy())
        let counts = ImpactCounts(installs: 1_000, blocked: 300, newlyBlocked: 300)
        impact.platforms[.ios] = PlatformImpact(active: counts, established: counts, changesBlocking: true, cannotUpdate: 12)
        impact.platforms[.android] = PlatformImpact(active: ImpactCounts(installs: 80, blocked: 20), established: ImpactCounts(installs: 80, blocked: 20))
        let measures: [GuardBreach.Measure] = [.newlyBlocked, .blockedAfter, .establishedNewlyBlocked, .establishedBlockedAfter, .noEstablishedInstalls,
                                               .unevaluatedWorstCase, .refusedSightings]
        let refusals = measures.map { GuardRefusal(impact: impact, breach: GuardBreach(platform: .ios, measure: $0, share: 0.3), limit: 0.2) }
            + [GuardRefusal(impact: .unknown(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy()), breach: nil, limit: 0.2)]
        for refusal in refusals {
            let api = refusal.sentence(for: .api)
            #expect(api.count <= 200 && api.contains(#""confirm": true"#) && !api.contains("--") && !api.contains("Tick"), "\(api)")
            let console = refusal.sentence(for: .console(.publish))
            #expect(console.count <= 200 && console.contains("Tick 'Publish although…'") && !console.contains("\"confirm\"")
                && !console.contains("dry_run") && !console.contains("--"), "\(console)")
            let rollback = refusal.sentence(for: .console(.rollback))
            #expect(rollback.count <= 200 && rollback.contains("Tick 'Roll back although…'"), "\(rollback)")
            let cli = refusal.sentence(for: .cli(.publish)).split(separator: "\n").map(String.init)
            let (first, last) = (cli.first ?? "", cli.last ?? "")
            #expect(first.count <= 200 && first.hasPrefix("not published: ") && last.contains("--confirm"), "\(cli)")
            #expect(cli.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  ") }, "the impact is indented under the sentence: \(cli)")
            #expect(!cli.joined().contains("\"confirm\"") && !cli.joined().contains("dry_run=") && !cli.joined().contains("Tick"), "\(cli)")
            for words in [api, console, rollback] + cli { #expect(rawKeys(words).isEmpty, "\(words)") }
        }
        let known = refusals[1].sentence(for: .cli(.publish)).split(separator: "\n").map(String.init)
        #expect(known.contains("  Raising required on iOS to 2.2.0 blocks 300 of 1,000 iOS installs (30 %)."), "the breakdown: \(known)")
        #expect(refusals[1].sentence(for: .api).contains("leaves 30 % of active iOS installs blocked, over the 20 % allowed unconfirmed"))
        #expect(refusals[1].sentence(for: .api).contains("dry_run=true"))
        #expect(refusals[1].sentence(for: .console(.publish)).contains("or Preview to see who it blocks"))
    }
}
