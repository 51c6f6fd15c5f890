import Foundation
import HTTPTypes
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

@Suite("/check answers from memory, shared by installs that would get the same answer")
struct CheckCacheTests {
    private func decision(_ response: TestResponse) throws -> String? { try response.json()["decision"] as? String }

    @Test("many installs on one version share one cached answer, and a publish replaces it at once")
    func shared() async throws {
        let server = try await TestServer.make()
        let cache = server.components.policies.cache
        try await server.application.test(.router) { client in
            for index in 0..<200 {
                #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=2.2.0&install=i\(index)", method: .get)) == "updateRecommended")
            }
            #expect(cache.sizes.answers == 1)
            _ = try await server.components.policies.publish(Samples.policy(required: "2.3.0"), app: "notes", channel: .production, author: "t")
            #expect(cache.sizes.answers == 0)
            #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=2.2.0&install=i1", method: .get)) == "updateRequired")
        }
    }

    @Test("under a phased rollout each install gets exactly the SDK's own decision")
    func rollout() async throws {
        let server = try await TestServer.make()
        var policy = Samples.policy()
        policy.platforms[.ios]?.rollout = .percentage(50)
        _ = try await server.components.policies.publish(policy, app: "notes", channel: .production, author: "t")
        let served = try await server.components.policies.served(app: "notes", channel: .production)
        try await server.application.test(.router) { client in
            var seen = Set<String>()
            for index in 0..<60 {
                let install = "install-\(index)"
                let expected = UpdateEvaluator().evaluate(served, for: EvaluationContext(version: "2.4.0", installID: install, now: Date()))
                let answer = try decision(try await client.execute(uri: "/v1/apps/notes/check?version=2.4.0&install=\(install)", method: .get))
                #expect(answer == (expected.prompt?.kind.rawValue ?? "upToDate"), "\(install)")
                seen.insert(answer ?? "")
            }
            #expect(seen == ["updateAvailable", "upToDate"], "a 50 % rollout splits the installs")
        }
    }

    @Test("the answer table stays bounded however many distinct versions are asked about")
    func bounded() async throws {
        let cache = DocumentCache(maximumAnswers: 16)
        for minor in 0..<100 {
            let key = CheckAnswerKey(app: "notes", channel: .production, platform: .ios, version: try AppVersion(parsing: "1.\(minor).0"),
                                     build: nil, os: nil, languages: ["en"], exempt: false, inRollout: true)
            cache.store(ByteBuffer(string: "\(minor)"), for: key, builtIn: cache.generation)
            #expect(cache.sizes.answers <= 16)
            #expect(cache.answer(for: key) == ByteBuffer(string: "\(minor)"), "the newest answer is kept")
        }
    }
    @Test("a full answer table evicts only its oldest answers: a burst of new keys leaves the rest in place")
    func evictsOldest() async throws {
        let cache = DocumentCache(maximumAnswers: 8)
        func key(_ minor: Int) throws -> CheckAnswerKey {
            CheckAnswerKey(app: "notes", channel: .production, platform: .ios, version: try AppVersion(parsing: "3.\(minor).0"),
                           build: nil, os: nil, languages: ["en"], exempt: false, inRollout: true)
        }
        for minor in 0..<8 { cache.store(ByteBuffer(string: "\(minor)"), for: try key(minor), builtIn: cache.generation) }
        for minor in 8..<11 { cache.store(ByteBuffer(string: "\(minor)"), for: try key(minor), builtIn: cache.generation) }
        #expect(cache.sizes.answers == 8)
        #expect(try (0..<3).allSatisfy { cache.answer(for: try key($0)) == nil }, "the three oldest made room")
        #expect(try (3..<11).allSatisfy { cache.answer(for: try key($0)) == ByteBuffer(string: "\($0)") }, "every other answer stayed")
    }

    @Test("long keys count against the byte cap: many languages can't hide memory behind short answers")
    func keysCount() async throws {
        let cache = DocumentCache(maximumAnswerBytes: 16 * 1024)
        let languages = (0..<8).map { "x-\(String(repeating: "a", count: 32))-\($0)" }
        for minor in 0..<200 {
            let key = CheckAnswerKey(app: "notes", channel: .production, platform: .ios, version: try AppVersion(parsing: "4.\(minor).0"),
                                     build: nil, os: nil, languages: languages, exempt: false, inRollout: true)
            cache.store(ByteBuffer(string: "{}"), for: key, builtIn: cache.generation)
            #expect(cache.answerBytes <= 16 * 1024)
        }
        #expect(cache.sizes.answers < 100, "each entry costs its key's bytes, not the 2 of its answer")
    }

    @Test("the answer table stays bounded in bytes too: long answers for many versions never hold more than the byte cap")
    func boundedInBytes() async throws {
        let cache = DocumentCache(maximumAnswerBytes: 64 * 1024)
        let long = String(repeating: "n", count: 16 * 1024)
        for minor in 0..<100 {
            let key = CheckAnswerKey(app: "notes", channel: .production, platform: .ios, version: try AppVersion(parsing: "2.\(minor).0"),
                                     build: nil, os: nil, languages: ["en"], exempt: false, inRollout: true)
            cache.store(ByteBuffer(string: long), for: key, builtIn: cache.generation)
            #expect(cache.answerBytes <= 64 * 1024)
            #expect(cache.answer(for: key) != nil, "the newest answer is kept")
        }
        #expect(cache.sizes.answers <= 4)
    }
}
