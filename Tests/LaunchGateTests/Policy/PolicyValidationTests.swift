import Foundation
import Testing
@testable import LaunchGate

@Suite("Validating a policy before it is published or trusted")
struct PolicyValidationTests {
    private func issues(_ ios: PlatformPolicy) -> [PolicyIssue] {
        UpdatePolicy(platforms: [.ios: ios]).validate()
    }

    // MARK: Tests

    @Test("required above recommended, and recommended above latest, are both reported with their versions")
    func ordering() {
        let found = issues(PlatformPolicy(
            latest: Release(version: "2.0.0"),
            required: VersionRequirement(version: "2.5.0"),
            recommended: VersionRequirement(version: "2.1.0")
        ))
        #expect(found.map(\.field).contains("platforms.ios.required"))
        #expect(found.map(\.field).contains("platforms.ios.recommended"))
        #expect(found.first?.reason.contains("2.5.0") == true)
        #expect(found.allSatisfy { !$0.reason.isEmpty })
    }

    @Test("equal required, recommended and latest are allowed, and so are build-only gates in order")
    func equalIsFine() {
        let store = URL(string: "https://apps.apple.com/app/id1")
        #expect(issues(PlatformPolicy(
            latest: Release(version: "2.0.0"), required: VersionRequirement(version: "2.0.0"),
            recommended: VersionRequirement(version: "2.0.0"), updateURL: store
        )).isEmpty)
        #expect(issues(PlatformPolicy(latest: Release(build: BuildNumber(42)), required: VersionRequirement(build: BuildNumber(42)),
                                      updateURL: store)).isEmpty)
        #expect(!issues(PlatformPolicy(latest: Release(build: BuildNumber(41)), required: VersionRequirement(build: BuildNumber(42)),
                                       updateURL: store)).isEmpty)
    }

    @Test("the update URL must be https, itms-apps or TestFlight's itms-beta, with a host, no user info and a real port if any", arguments: [
        ("http://apps.apple.com/app/id1", false), ("javascript:alert(1)", false), ("ftp://x.example/a", false),
        ("https://apps.apple.com/app/id1", true), ("itms-apps://itunes.apple.com/app/id1", true), ("https:///nohost", false),
        ("itms-apps:javascript:alert(1)", false), ("itms-apps:", false),
        ("itms-beta://testflight.apple.com/join/AbCd1234", true), ("ITMS-BETA://beta.itunes.apple.com/v1/app/1", true),
        ("itms-beta:", false), ("itms-beta:javascript:alert(1)", false), ("itms-services://?action=download-manifest", false),
        ("https://apps.apple.com@evil.example/x", false), ("https://user:pass@apps.apple.com/app/id1", false),
        ("itms-apps://apps.apple.com:x@evil.example/app/id1", false), ("https://apps.apple.com/app/id1?u=a@b", true),
        ("https://apps.apple.com%40evil.example/x", false), ("https://apps.apple.com%2eevil.example/x", false),
        ("https://xn--bcher-kva.example/x", true), ("https://[2001:db8::1]/x", true), ("https://launch_gate.example/x", false),
        ("https://apps.apple.com:99999/", false), ("https://apps.apple.com:65536/x", false), ("https://apps.apple.com:0/x", false),
        ("https://apps.apple.com:443/app/id1", true), ("https://example.com:65535/x", true),
    ])
    func updateURLScheme(url: String, accepted: Bool) throws {
        guard let parsed = URL(string: url) else { Issue.record("\(url) is not a URL"); return }
        let found = issues(PlatformPolicy(updateURL: parsed))
        #expect(found.isEmpty == accepted, "\(found)")
        if !accepted { #expect(found.first?.field == "platforms.ios.updateURL") }
    }

    @Test("texts over their length limits, and malformed language tags, are reported")
    func textLimits() {
        var texts = ScreenTexts()
        texts.updateAvailable = ScreenText(title: String(repeating: "t", count: PolicyLimits.title + 1), message: "ok")
        texts.endOfLife = ScreenText(message: String(repeating: "m", count: PolicyLimits.message + 1))
        let found = issues(PlatformPolicy(
            latest: Release(notes: String(repeating: "n", count: PolicyLimits.notes + 1)),
            texts: ["en": texts, "not a tag!": ScreenTexts()]
        ))
        let fields = Set(found.map(\.field))
        #expect(fields.contains("platforms.ios.texts.en.updateAvailable.title"))
        #expect(fields.contains("platforms.ios.texts.en.endOfLife.message"))
        #expect(fields.contains("platforms.ios.latest.notes"))
        #expect(fields.contains("platforms.ios.texts.not a tag!"))
    }

    @Test("language tags are checked on ASCII bytes: combining marks, other scripts and endless subtags are refused; real tags pass",
          arguments: [("e\u{301}n", false), ("ελ", false), ("en-" + Array(repeating: "a", count: 1_000).joined(separator: "-"), false),
                      ("en", true), ("fr-CA", true), ("zh-Hant-TW", true), ("es-419", true), ("x", false)])
    func languageTags(tag: String, accepted: Bool) {
        let found = issues(PlatformPolicy(latest: Release(version: "1.0.0"), texts: [tag: ScreenTexts()]))
        #expect(found.isEmpty == accepted, "\(tag.prefix(20)): \(found)")
    }

    @Test("a platform may list at most PolicyLimits.locales languages")
    func localeCount() {
        // "aaa", "aab", … : distinct, valid three-letter tags.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let many = Dictionary(uniqueKeysWithValues: (0...PolicyLimits.locales).map { ("a\(letters[$0 / 26])\(letters[$0 % 26])", ScreenTexts()) })
        #expect(many.count == PolicyLimits.locales + 1)
        let found = issues(PlatformPolicy(latest: Release(version: "1.0.0"), texts: many))
        #expect(found.contains { $0.field == "platforms.ios.texts" })
        #expect(issues(PlatformPolicy(latest: Release(version: "1.0.0"), texts: Dictionary(uniqueKeysWithValues: many.prefix(PolicyLimits.locales).map { ($0.key, $0.value) }))).isEmpty)
    }

    @Test("limits count bytes: a one-character title of 40 KB is refused, and 120 characters of any script fit")
    func limitsInBytes() {
        // A base letter and 20,000 combining accents: one Character, 40 KB of UTF-8.
        let oneCharacter = "e" + String(repeating: "\u{301}", count: 20_000)
        #expect(oneCharacter.count == 1)
        var texts = ScreenTexts()
        texts.updateRequired = ScreenText(title: oneCharacter, message: oneCharacter)
        let found = Set(issues(PlatformPolicy(latest: Release(notes: oneCharacter), texts: ["en": texts])).map(\.field))
        #expect(found.contains("platforms.ios.texts.en.updateRequired.title"))
        #expect(found.contains("platforms.ios.texts.en.updateRequired.message"))
        #expect(found.contains("platforms.ios.latest.notes"))
        var wide = ScreenTexts()
        wide.updateRequired = ScreenText(title: String(repeating: "更", count: 120), message: String(repeating: "新", count: 2_000))
        #expect(issues(PlatformPolicy(latest: Release(version: "1.0.0"), texts: ["zh": wide])).isEmpty)
    }

    @Test("intervals, rollout percentages and a phased rollout without a release date are checked")
    func intervalsAndRollout() {
        let found = issues(PlatformPolicy(
            latest: Release(version: "1.0.0"), reminderInterval: -1, refreshInterval: 10 * 366 * 86_400,
            rollout: .applePhased
        ))
        #expect(Set(found.map(\.field)) == ["platforms.ios.reminderInterval", "platforms.ios.refreshInterval", "platforms.ios.rollout"])
        #expect(issues(PlatformPolicy(rollout: .percentage(140))).map(\.field) == ["platforms.ios.rollout.percentage"])
    }

    @Test("blocking the latest release itself is reported, since nobody could update out of it")
    func blockedLatest() {
        let found = issues(PlatformPolicy(latest: Release(version: "2.0.0"), blocked: BlockedReleases(versions: ["2.0"]),
                                          updateURL: URL(string: "https://apps.apple.com/app/id1")))
        #expect(found.map(\.field) == ["platforms.ios.blocked"])
    }

    @Test("an empty policy and an empty gate are reported; validated() throws every issue at once")
    func emptyParts() {
        #expect(UpdatePolicy().validate().map(\.field) == ["platforms"])
        #expect(issues(PlatformPolicy(required: VersionRequirement(), updateURL: URL(string: "https://apps.apple.com/app/id1")))
            .map(\.field) == ["platforms.ios.required"])
        let error = #expect(throws: PolicyValidationError.self) {
            try UpdatePolicy(platforms: [.ios: PlatformPolicy(reminderInterval: -1, refreshInterval: -1)]).validated()
        }
        #expect(error?.issues.count == 2)
        #expect(error?.description.contains("reminderInterval") == true)
    }
}
