import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("A poll's answers set each storefront's version, never backwards, and latest follows the highest unless pinned")
struct StorefrontUpdateTests {
    private func link(pins: Set<AppStorePin> = [], served: [String: AppVersion] = [:]) -> AppStoreLink {
        AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["jp", "us"], pins: pins,
                     served: served, createdAt: Samples.now)
    }

    private func release(_ version: AppVersion, notes: String = "New.", os: AppVersion = "17.0") -> StorefrontRelease {
        StorefrontRelease(version: version, notes: notes, storeURL: URL(string: "https://apps.apple.com/app/id1"), minimumOS: os)
    }

    // MARK: Tests

    @Test("each storefront gets its own version and latest takes the highest one's fields")
    func perStorefront() {
        let update = StorefrontUpdate(answers: ["us": release("2.4.0", notes: "Sync."), "jp": release("2.3.0", notes: "Old.")],
                                      link: link(), policy: PlatformPolicy(latest: Release(version: "2.3.0")), reset: false)
        #expect(update.served == ["us": "2.4.0", "jp": "2.3.0"])
        #expect(update.policy.storefronts == ["us": "2.4.0", "jp": "2.3.0"])
        #expect(update.policy.latest?.version == "2.4.0" && update.policy.latest?.notes == "Sync." && update.policy.latest?.minimumOS == "17.0")
        #expect(update.policy.updateURL == URL(string: "https://apps.apple.com/app/id1"))
    }

    @Test("a stale, lower answer leaves the storefront's version as it was, and a reset takes it")
    func neverBackwards() {
        let before = link(served: ["us": "2.4.0", "jp": "2.3.0"])
        let stale = StorefrontUpdate(answers: ["us": release("2.3.0"), "jp": release("2.3.0")], link: before, policy: nil, reset: false)
        #expect(stale.served == ["us": "2.4.0", "jp": "2.3.0"] && stale.ignored.lines == ["us: 2.3.0 is below the 2.4.0 it served before (a stale answer), ignored"])
        let reset = StorefrontUpdate(answers: ["us": release("2.3.0"), "jp": release("2.3.0")], link: before, policy: nil, reset: true)
        #expect(reset.served == ["us": "2.3.0", "jp": "2.3.0"] && reset.policy.latest?.version == "2.3.0")
    }

    @Test("a storefront that failed keeps its last version")
    func failedStorefront() {
        let update = StorefrontUpdate(answers: ["us": release("2.5.0")], link: link(served: ["us": "2.4.0", "jp": "2.3.0"]), policy: nil, reset: false)
        #expect(update.served == ["us": "2.5.0", "jp": "2.3.0"])
    }

    @Test("pinned fields keep the operator's values while the storefronts still follow the store")
    func pins() {
        let operatorPolicy = PlatformPolicy(latest: Release(version: "3.0.0", notes: "Ours.", minimumOS: "15.0"),
                                            updateURL: URL(string: "https://example.com/get"))
        let update = StorefrontUpdate(answers: ["us": release("2.4.0")], link: link(pins: [.latest, .notes, .minimumOS, .updateURL]),
                                      policy: operatorPolicy, reset: false)
        var expected = operatorPolicy
        expected.storefronts = ["us": "2.4.0"]
        #expect(update.policy == expected)
        // The store's version above the operator's: `latest` never goes down without a reset (attack s15, 2).
        let notesOnly = StorefrontUpdate(answers: ["us": release("3.1.0")], link: link(pins: [.notes]), policy: operatorPolicy, reset: false)
        #expect(notesOnly.policy.latest?.version == "3.1.0" && notesOnly.policy.latest?.notes == "Ours.")
    }

    @Test("with only latest pinned to another version, the store's notes and minimum OS (another version's) are not copied onto it (review s13, G8)")
    func pinnedLatestKeepsItsOwnNotes() {
        let operatorPolicy = PlatformPolicy(latest: Release(version: "3.0.0", notes: "Ours.", minimumOS: "15.0"))
        let update = StorefrontUpdate(answers: ["us": release("2.5.0", notes: "2.5's notes.", os: "17.0")], link: link(pins: [.latest]),
                                      policy: operatorPolicy, reset: false)
        #expect(update.policy.latest == operatorPolicy.latest)
        #expect(update.policy.storefronts == ["us": "2.5.0"])
        // Pinned to the version the store serves, the store's notes still follow.
        let same = StorefrontUpdate(answers: ["us": release("3.0.0", notes: "3.0's notes.")], link: link(pins: [.latest]),
                                    policy: operatorPolicy, reset: false)
        #expect(same.policy.latest?.notes == "3.0's notes.")
    }

    @Test("for a version already announced, answers with other notes, minimum OS or store URL change nothing; an empty field is filled")
    func announcedVersionKeepsItsFields() {
        let announced = PlatformPolicy(latest: Release(version: "2.5.0", notes: "A.", minimumOS: "16.0"), updateURL: URL(string: "https://apps.apple.com/app/id1"))
        let other = StorefrontRelease(version: "2.5.0", notes: "B.", storeURL: URL(string: "https://apps.apple.com/fr/app/id1"), minimumOS: "15.0")
        let update = StorefrontUpdate(answers: ["us": other], link: link(served: ["us": "2.5.0"]), policy: announced, reset: false)
        #expect(update.policy == PlatformPolicy(latest: announced.latest, updateURL: announced.updateURL, storefronts: ["us": "2.5.0"]))
        var empty = announced
        empty.latest?.notes = nil
        let filled = StorefrontUpdate(answers: ["us": other], link: link(served: ["us": "2.5.0"]), policy: empty, reset: false)
        #expect(filled.policy.latest?.notes == "B." && filled.policy.latest?.minimumOS == "16.0")
        let reset = StorefrontUpdate(answers: ["us": other], link: link(served: ["us": "2.5.0"]), policy: announced, reset: true)
        #expect(reset.policy.latest?.notes == "B." && reset.policy.updateURL == other.storeURL, "a reset takes them again")
    }

    @Test("an absurd component or a jump of more than 5 major versions is ignored with its reason; a reset takes the jump only")
    func implausible() {
        let before = link(served: ["us": "2.5.0", "jp": "2.5.0"])
        let update = StorefrontUpdate(answers: ["us": release("99999999999.0"), "jp": release("8.0.0")], link: before, policy: nil, reset: false)
        #expect(update.served == ["us": "2.5.0", "jp": "2.5.0"])
        #expect(update.ignored.count == 2 && update.ignored.lines[0].hasPrefix("jp: 8.0.0 is held: more than 5 major versions past 2.5.0")
                && update.ignored.lines[1].hasPrefix("us: 99999999999.0 is implausible: a component is above 99999"))
        #expect(update.ignored.lines[0].contains("accept it with `launchgate appstore sync notes --platform ios --accept 8.0.0`"),
                "the command names the link's app and platform (attack s14, 14): \(update.ignored.lines[0])")
        #expect(StorefrontUpdate(answers: ["jp": release("7.0.0")], link: before, policy: nil, reset: false).served["jp"] == "7.0.0",
                "5 majors up is believed")
        let reset = StorefrontUpdate(answers: ["us": release("99999999999.0"), "jp": release("8.0.0")], link: before, policy: nil, reset: true)
        #expect(reset.served == ["us": "2.5.0", "jp": "8.0.0"] && reset.ignored.count == 1)
        let first = StorefrontUpdate(answers: ["us": release("99999999999.0"), "jp": release("2026.11.30")], link: link(), policy: nil, reset: false)
        #expect(first.served == ["jp": "2026.11.30"], "without a floor only the component rule applies; a date-like version fits")
    }

    @Test("jumps are measured from the trusted version, so a chain of 5-major jumps can't climb past it (attack s14, 1)")
    func ratchet() {
        var trusted = link(served: ["us": "7.10.0"])
        trusted.status.trustedVersion = "2.10.0"
        let update = StorefrontUpdate(answers: ["us": release("12.0.0")], link: trusted, policy: nil, reset: false)
        #expect(update.served == ["us": "7.10.0"] && update.ignored.waiting.count == 1, "7.10.0 was taken, but 2.10.0 is still the baseline")
        #expect(update.ignored.waiting.first?.hasPrefix("us: 12.0.0 is held: more than 5 major versions past 2.10.0") == true, "\(update.ignored)")
        #expect(StorefrontUpdate(answers: ["us": release("7.11.0")], link: trusted, policy: nil, reset: false).served == ["us": "7.11.0"])
    }

    @Test("a minor above 100 times the trusted one's (plus one) is held; real sequences, build numbers and dates are not",
          arguments: [("17.2.0", "23.99999.0", false), ("17.2.0", "17.301.0", false), ("1.0", "1.100", true), ("1.0", "1.101", false), ("1.10", "1.100", true),
                      ("131.0.6778", "132.0.6834", true), ("8.9.96", "8.10.2", true), ("2026.11.30", "2027.1.5", true),
                      ("2026.101", "2026.1231", true), ("2.9.0", "2.10.0", true)] as [(AppVersion, AppVersion, Bool)])
    func minorJumps(trustedVersion: AppVersion, answer: AppVersion, believed: Bool) {
        var trusted = link(served: ["us": trustedVersion])
        trusted.status.trustedVersion = trustedVersion
        let update = StorefrontUpdate(answers: ["us": release(answer)], link: trusted, policy: nil, reset: false)
        #expect((update.served["us"] == answer) == believed, "\(trustedVersion) -> \(answer): \(update.ignored)")
    }

    @Test("a fresh link's first answer is checked against the published latest, not taken unchecked (attack s14, 2)")
    func freshLinkBaseline() {
        let update = StorefrontUpdate(answers: ["us": release("90.0.0"), "jp": release("24.1.0")], link: link(),
                                      policy: PlatformPolicy(latest: Release(version: "24.0.0")), reset: false)
        #expect(update.ignored.waiting.count == 1 && update.ignored.waiting[0].hasPrefix("us: 90.0.0 is held"), "\(update.ignored)")
        #expect(update.served == ["jp": "24.1.0"] && update.policy.latest?.version == "24.1.0")
    }

    @Test("a version several storefronts serve takes its notes and store URL from the first in the link's own order, not the alphabet's (attack s14, 3)")
    func linkOrderForNotes() throws {
        // Through the parser the CLI, API and console use, which keeps the operator's order (review s14b, L1).
        let codes = try AppStoreStorefronts.parse(["us,fr", "jp,fr"])
        #expect(codes == ["us", "fr", "jp"])
        let ordered = AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: codes,
                                   createdAt: Samples.now)
        let answers = ["fr": release("3.0.0", notes: "Nouveautés."), "us": release("3.0.0", notes: "What's new."), "jp": release("3.0.0", notes: "新機能。")]
        let update = StorefrontUpdate(answers: answers, link: ordered, policy: PlatformPolicy(latest: Release(version: "2.0.0")), reset: false)
        #expect(update.policy.latest?.notes == "What's new.")
    }

    @Test("a version with more than 3 components is implausible, even on a reset; three are believed (attack s15, 5)")
    func tooManyComponents() {
        let update = StorefrontUpdate(answers: ["us": release("1.0.0.0.0.1"), "jp": release("2.4.1.7")], link: link(), policy: nil, reset: true)
        #expect(update.served.isEmpty && update.ignored.count == 2, "\(update.ignored)")
        #expect(update.ignored.lines[1].hasPrefix("us: 1.0.0.0.0.1 is implausible: more than 3 components"), "\(update.ignored.lines)")
        #expect(update.ignored.waiting.isEmpty, "no reset takes it, so nothing waits for one")
        #expect(StorefrontUpdate(answers: ["us": release("2.4.1")], link: link(), policy: nil, reset: false).served == ["us": "2.4.1"])
    }

    @Test("a fresh link's answer below the published latest changes storefronts only, not latest, unless reset (attack s15, 2)")
    func freshLinkDoesNotLowerLatest() {
        let published = PlatformPolicy(latest: Release(version: "22.100.7", notes: "22's notes."))
        let update = StorefrontUpdate(answers: ["us": release("7.5.1", notes: "Stale.")], link: link(), policy: published, reset: false)
        #expect(update.served == ["us": "7.5.1"] && update.policy.storefronts == ["us": "7.5.1"])
        #expect(update.policy.latest == published.latest, "\(String(describing: update.policy.latest))")
        // Not in silence: it waits for an operator like a held answer (review s15b, N1).
        #expect(update.ignored.waiting.count == 1 && update.ignored.waiting[0].hasPrefix("us: 7.5.1 is below the published latest 22.100.7"),
                "\(update.ignored)")
        #expect(update.ignored.waiting.first?.contains("`launchgate appstore sync notes --platform ios --accept 7.5.1`") == true, "\(update.ignored)")
        let reset = StorefrontUpdate(answers: ["us": release("7.5.1", notes: "Stale.")], link: link(), policy: published, reset: true)
        #expect(reset.policy.latest?.version == "7.5.1" && reset.ignored.isEmpty)
        // Nor does its next poll, now that the link has served 7.5.1; the real version, below the published latest, isn't held.
        var next = link(served: ["us": "7.5.1"])
        next.status.trustedVersion = "7.5.1"
        let again = StorefrontUpdate(answers: ["us": release("7.5.1")], link: next, policy: update.policy, reset: false)
        #expect(again.policy.latest == published.latest)
        let real = StorefrontUpdate(answers: ["us": release("22.100.7")], link: next, policy: update.policy, reset: false)
        #expect(real.served == ["us": "22.100.7"] && real.ignored.isEmpty, "\(real.ignored)")
    }

    @Test("with latest pinned, an answer below it is normal: nothing waits, and the store URL still follows the store (review s15b, N1)")
    func pinnedLatestAboveTheStore() {
        let published = PlatformPolicy(latest: Release(version: "3.1.0", notes: "Ours."))
        let pinned = StorefrontUpdate(answers: ["us": release("3.0.0")], link: link(pins: [.latest]), policy: published, reset: false)
        #expect(pinned.ignored.isEmpty && pinned.policy.latest == published.latest, "\(pinned.ignored)")
        #expect(pinned.policy.updateURL == URL(string: "https://apps.apple.com/app/id1"))
        let unpinned = StorefrontUpdate(answers: ["us": release("3.0.0"), "jp": release("2.9.0")], link: link(), policy: published, reset: false)
        #expect(unpinned.ignored.waiting.count == 2 && unpinned.policy.latest == published.latest, "every answer taken below it: \(unpinned.ignored)")
    }

    @Test("ignored answers with the same version and reason are one line listing their storefronts, for the CLI's sync (attack s15, 10)")
    func groupedLines() {
        var trusted = AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us", "fr", "jp", "gb"],
                                   served: ["us": "2.5.0", "fr": "2.5.0", "jp": "2.5.0", "gb": "2.5.0"], createdAt: Samples.now)
        trusted.status.trustedVersion = "2.5.0"
        let answers = ["us": release("12.0.0"), "fr": release("12.0.0"), "jp": release("12.0.0"), "gb": release("2.4.0")]
        let lines = StorefrontUpdate(answers: answers, link: trusted, policy: nil, reset: false).ignored.groupedLines(app: "notes", platform: .ios)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines[0].hasPrefix("fr, jp, us: 12.0.0 is held: more than 5 major versions past 2.5.0"), "\(lines)")
        #expect(lines[1].hasPrefix("gb: 2.4.0 is below the 2.5.0"), "\(lines)")
    }
}
