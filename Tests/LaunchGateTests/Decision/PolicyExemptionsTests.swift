import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Exemptions listed in the signed policy")
struct PolicyExemptionsTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func policy(_ exemptions: PolicyExemptions?, endOfLife: Bool = true) -> UpdatePolicy {
        UpdatePolicy(issuedAt: now, exemptions: exemptions, platforms: [.ios: PlatformPolicy(
            latest: Release(version: "3.0.0"), required: VersionRequirement(version: "2.0.0"),
            endOfLife: endOfLife ? EndOfLife(message: "Gone.") : nil, updateURL: URL(string: "https://apps.apple.com/app/id1"))])
    }

    private func context(install: String, device: String? = nil) -> EvaluationContext {
        EvaluationContext(version: "1.0.0", platform: .ios, installID: install, deviceID: device, now: now)
    }

    // MARK: Tests

    @Test("hash is the lowercase hex SHA-256 of the UTF-8 ID")
    func hashVector() {
        #expect(PolicyExemptions.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(PolicyExemptions.isHash(PolicyExemptions.hash("install-1")))
    }

    @Test("an exempt install or device is up to date before anything else, even end of life; others are not")
    func exemptFirst() {
        let exemptions = PolicyExemptions(installs: [PolicyExemptions.hash("tester")], devices: [PolicyExemptions.hash("review-ipad")])
        let evaluator = UpdateEvaluator()
        #expect(evaluator.evaluate(policy(exemptions), for: context(install: "tester")) == .upToDate)
        #expect(evaluator.evaluate(policy(exemptions), for: context(install: "someone", device: "review-ipad")) == .upToDate)
        #expect(evaluator.evaluate(policy(exemptions), for: context(install: "someone", device: "other")).isBlocking)
        #expect(evaluator.evaluate(policy(exemptions, endOfLife: false), for: context(install: "someone")).isBlocking)
        // The raw ID in the list is not the hash: it exempts nobody.
        #expect(evaluator.evaluate(policy(PolicyExemptions(installs: ["tester"])), for: context(install: "tester")).isBlocking)
    }

    @Test("the client-side isExempt predicate still works alongside the list")
    func predicateStays() {
        let evaluator = UpdateEvaluator(isExempt: { $0.installID == "qa" })
        #expect(evaluator.evaluate(policy(nil, endOfLife: false), for: context(install: "qa")) == .upToDate)
    }

    @Test("exemptions survive JSON and the launch cache, written sorted")
    func coding() throws {
        let exemptions = PolicyExemptions(installs: [PolicyExemptions.hash("b"), PolicyExemptions.hash("a")],
                                          devices: [PolicyExemptions.hash("d")])
        let original = policy(exemptions)
        let json = try original.jsonData()
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""exemptions":{"devices":[""#))
        #expect(try UpdatePolicy(json: json) == original)
        let entry = CachedPolicy(policy: original, etag: nil, source: URL(string: "https://x.example/p")!)
        #expect(try CachedPolicy(binaryData: entry.binaryData()) == entry)
    }

    @Test("entries that are not 64 lowercase hex characters, and more than 10,000 entries, are validation issues")
    func validation() {
        let bad = PolicyExemptions(installs: ["tester", PolicyExemptions.hash("x").uppercased()], devices: [String(repeating: "g", count: 64)])
        #expect(policy(bad).validate().map(\.field) == ["exemptions.installs", "exemptions.devices"])
        let many = PolicyExemptions(installs: Set((0...PolicyLimits.exemptions).map { PolicyExemptions.hash("\($0)") }))
        #expect(policy(many).validate().map(\.field) == ["exemptions"])
        #expect(policy(PolicyExemptions(installs: [PolicyExemptions.hash("ok")])).validate().isEmpty)
    }
}
