import Foundation
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The repository contract, on memory, SQLite and PostgreSQL")
struct RepositoryContractTests {
    private func withRepository(_ backend: TestBackend, _ body: (any LaunchGateRepository) async throws -> Void) async throws {
        try await backend.withRepository { repository, _ in try await body(repository) }
    }

    // MARK: Tests

    @Test("apps are created, listed in order, and a duplicate ID is a conflict", arguments: TestBackend.available)
    func apps(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app("zeta"))
            try await repository.createApp(Samples.app("alpha"))
            #expect(try await repository.apps().map(\.id) == ["alpha", "zeta"])
            #expect(try await repository.app(id: "alpha")?.createdAt == Samples.now)
            #expect(try await repository.app(id: "missing") == nil)
            let error = await #expect(throws: ServiceError.self) { try await repository.createApp(Samples.app("alpha")) }
            #expect(error?.code == "app-exists")
        }
    }

    @Test("publishing numbers revisions, keeps history newest first, and stamps a strictly increasing issuedAt", arguments: TestBackend.available)
    func publishing(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            let stampBefore = try await repository.changeStamp()
            let first = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "a", note: nil, at: Samples.now)
            // The same instant again: issuedAt still moves forward, so clients' anti-rollback accepts it.
            let second = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(required: "2.1.0"), author: "b", note: "raise", at: Samples.now)
            #expect(first.number == 1 && second.number == 2)
            #expect(second.issuedAt > first.issuedAt)
            // The document carries the same instant, to the millisecond it is stored with.
            #expect(try UpdatePolicy(json: second.document).issuedAt?.milliseconds == second.issuedAt.milliseconds)
            #expect(try await repository.currentRevision(appID: "notes", channel: .production) == second)
            #expect(try await repository.revisions(appID: "notes", channel: .production).map(\.number) == [2, 1])
            #expect(try await repository.revision(appID: "notes", channel: .production, number: 1) == first)
            #expect(try await repository.currentRevision(appID: "notes", channel: .beta) == nil)
            #expect(try await repository.changeStamp() > stampBefore)
        }
    }

    @Test("a page of history is the revisions at or below a number, newest first, at most the limit", arguments: TestBackend.available)
    func historyPage(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            for index in 0..<5 {
                _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "a", note: "\(index)", at: Samples.now)
            }
            #expect(try await repository.revisions(appID: "notes", channel: .production, through: 4, limit: 2).map(\.number) == [4, 3])
            #expect(try await repository.revisions(appID: "notes", channel: .production, through: 2, limit: 10).map(\.number) == [2, 1])
            #expect(try await repository.revisions(appID: "notes", channel: .production, through: 9, limit: 1).map(\.number) == [5])
            #expect(try await repository.revisions(appID: "notes", channel: .beta, through: 9, limit: 5).isEmpty)
        }
    }

    @Test("publishing to an unknown app fails and stores nothing", arguments: TestBackend.available)
    func publishUnknownApp(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            let error = await #expect(throws: ServiceError.self) {
                try await repository.publish(appID: "ghost", channel: .production, policy: Samples.policy(), author: "a", note: nil, at: Samples.now)
            }
            #expect(error?.code == "app-not-found")
            let stored = try await repository.currentRevision(appID: "ghost", channel: .production)
            #expect(stored == nil)
        }
    }

    @Test("a token's last use is stored, moves only forward, and an unknown ID changes nothing", arguments: TestBackend.available)
    func tokenUse(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.saveToken(TokenRecord(id: "abc", name: "ci", scope: .publish, secretHash: "hash", createdAt: Samples.now))
            #expect(try await repository.token(id: "abc")?.lastUsedAt == nil)
            let later = Samples.now.addingTimeInterval(120)
            try await repository.recordTokenUse(id: "abc", at: later)
            #expect(try await repository.token(id: "abc")?.lastUsedAt == later)
            try await repository.recordTokenUse(id: "abc", at: Samples.now.addingTimeInterval(60))
            #expect(try await repository.tokens().first?.lastUsedAt == later, "an earlier use doesn't move it back")
            try await repository.recordTokenUse(id: "nope", at: later)
            #expect(try await repository.token(id: "nope") == nil)
        }
    }

    @Test("tokens are stored, listed and revoked once", arguments: TestBackend.available)
    func tokens(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            let token = TokenRecord(id: "abc", name: "ci", scope: .publish, secretHash: "hash", createdAt: Samples.now)
            try await repository.saveToken(token)
            #expect(try await repository.token(id: "abc") == token)
            #expect(try await repository.tokens().map(\.id) == ["abc"])
            #expect(try await repository.revokeToken(id: "abc", at: Samples.now))
            #expect(try await !repository.revokeToken(id: "abc", at: Samples.now))
            #expect(try await repository.token(id: "abc")?.revokedAt == Samples.now)
            #expect(try await !repository.revokeToken(id: "nope", at: Samples.now))
        }
    }

    @Test("the key activated last signs; a staged key never does until activated, and an earlier key can sign again", arguments: TestBackend.available)
    func signingKeys(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            // What `keys list` shows as active, from the keys alone, is the key that signs.
            func listedActive() async throws -> String? { SigningKeys.active(among: try await repository.signingKeys())?.id }
            #expect(try await repository.activeSigningKey() == nil)
            let old = SigningKeyRecord(id: "k1", publicKey: "p1", sealedPrivateKey: "s1", createdAt: Samples.now)
            let new = SigningKeyRecord(id: "k2", publicKey: "p2", sealedPrivateKey: "s2", createdAt: Samples.now.addingTimeInterval(1))
            let next = SigningKeyRecord(id: "k3", publicKey: "p3", sealedPrivateKey: "s3", createdAt: Samples.now.addingTimeInterval(2))
            try await repository.saveSigningKey(old, activate: true)
            try await repository.saveSigningKey(new, activate: true)
            #expect(try await repository.activeSigningKey()?.id == "k2")
            #expect(try await listedActive() == "k2")
            #expect(try await repository.activeSigningKey()?.activatedAt == new.createdAt)

            try await repository.saveSigningKey(next, activate: false)
            #expect(try await repository.activeSigningKey()?.id == "k2")
            #expect(try await repository.signingKeys().map(\.id) == ["k1", "k2", "k3"])
            #expect(try await repository.signingKeys().last?.activatedAt == nil)

            let later = Samples.now.addingTimeInterval(60)
            #expect(try await repository.activateSigningKey(id: "k3", at: later)?.activatedAt == later)
            #expect(try await repository.activeSigningKey()?.id == "k3")
            #expect(try await listedActive() == "k3")
            #expect(try await repository.activateSigningKey(id: "k1", at: later)?.id == "k1")
            #expect(try await repository.activeSigningKey()?.id == "k1")
            #expect(try await listedActive() == "k1", "an earlier key activated again, at the same time as the one before it")
            #expect(try await repository.activateSigningKey(id: "nope", at: later) == nil)
            #expect(try await repository.activeSigningKey()?.id == "k1")
        }
    }

    @Test("exemptions are added, replaced, listed per app and removed", arguments: TestBackend.available)
    func exemptions(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: "i1", note: "QA", createdAt: Samples.now), author: "t", note: nil, at: Samples.now)
            try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: "i1", note: "App Review", createdAt: Samples.now), author: "t", note: nil, at: Samples.now)
            try await repository.saveExemption(Exemption(appID: "notes", kind: .device, value: "d1", createdAt: Samples.now), author: "t", note: nil, at: Samples.now)
            let listed = try await repository.exemptions(appID: "notes")
            #expect(listed.map(\.value) == ["d1", "i1"])
            #expect(listed.last?.note == "App Review")
            #expect(try await repository.removeExemption(appID: "notes", kind: .install, value: "i1", author: "t", note: nil, at: Samples.now))
            #expect(try await !repository.removeExemption(appID: "notes", kind: .install, value: "i1", author: "t", note: nil, at: Samples.now))
            let error = await #expect(throws: ServiceError.self) {
                try await repository.saveExemption(Exemption(appID: "ghost", kind: .device, value: "x", createdAt: Samples.now), author: "t", note: nil, at: Samples.now)
            }
            #expect(error?.code == "app-not-found")
        }
    }

    @Test("the exemption limit is kept inside the write: the one past it is refused, and nothing of it is stored", arguments: TestBackend.available)
    func exemptionLimit(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            for index in 0..<PolicyLimits.exemptions {
                try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: "i\(index)", createdAt: Samples.now),
                                                   author: "t", note: nil, at: Samples.now)
            }
            let error = await #expect(throws: ServiceError.self) {
                try await repository.saveExemption(Exemption(appID: "notes", kind: .device, value: "one-more", createdAt: Samples.now),
                                                   author: "t", note: nil, at: Samples.now)
            }
            #expect(error?.code == "invalid-exemption" && error?.message.contains("2000 exemptions") == true)
            let stored = try await repository.exemptions(appID: "notes")
            #expect(stored.count == PolicyLimits.exemptions && !stored.contains { $0.value == "one-more" })
            // Replacing one already listed is not one more.
            try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: "i0", note: "again", createdAt: Samples.now),
                                               author: "t", note: nil, at: Samples.now)
        }
    }

    @Test("an exemption change republishes every channel in its own transaction, and the documents carry the hashes",
          arguments: TestBackend.available)
    func exemptionsRepublish(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "a", note: nil, at: Samples.now)
            let hash = PolicyExemptions.hash("install-1")
            try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: hash, createdAt: Samples.now),
                                               author: "t", note: "exempted", at: Samples.now)
            let republished = try #require(try await repository.currentRevision(appID: "notes", channel: .production))
            #expect(republished.number == 2)
            #expect(republished.note == "exempted")
            #expect(try UpdatePolicy(json: republished.document).exemptions?.installs == [hash])
            #expect(try await repository.currentRevision(appID: "notes", channel: .beta) == nil, "an unpublished channel stays unpublished")

            // A publish stamps the list it reads in its own transaction, whatever the document named.
            var named = Samples.policy()
            named.exemptions = PolicyExemptions(installs: [PolicyExemptions.hash("someone-else")])
            let published = try await repository.publish(appID: "notes", channel: .production, policy: named, author: "a", note: nil, at: Samples.now)
            #expect(try UpdatePolicy(json: published.document).exemptions?.installs == [hash])

            #expect(try await repository.removeExemption(appID: "notes", kind: .install, value: hash, author: "t", note: "removed", at: Samples.now))
            let after = try #require(try await repository.currentRevision(appID: "notes", channel: .production))
            #expect(after.number == 4)
            #expect(try UpdatePolicy(json: after.document).exemptions == nil)
            #expect(try await !repository.removeExemption(appID: "notes", kind: .install, value: hash, author: "t", note: nil, at: Samples.now))
            #expect(try await repository.currentRevision(appID: "notes", channel: .production)?.number == 4, "removing nothing publishes nothing")
        }
    }
    @Test("no publish or exemption change can store a document larger than clients accept; the refused write changes nothing", arguments: TestBackend.available)
    func documentSizeBound(backend: TestBackend) async throws {
        try await withRepository(backend) { repository in
            try await repository.createApp(Samples.app())
            var huge = Samples.policy()
            huge.platforms[.ios]?.latest?.notes = String(repeating: "n", count: PolicyReader.maximumSize)
            let refused = await #expect(throws: ServiceError.self) {
                _ = try await repository.publish(appID: "notes", channel: .production, policy: huge, author: "a", note: nil, at: Samples.now)
            }
            #expect(refused?.code == "document-too-large")
            #expect(try await repository.currentRevision(appID: "notes", channel: .production) == nil)

            // A document a few bytes under the cap is stored; one exemption more would cross it.
            var full = Samples.policy()
            full.platforms[.ios]?.latest?.notes = ""
            let (bare, _) = try stamp(full)
            full.platforms[.ios]?.latest?.notes = String(repeating: "n", count: PolicyReader.maximumSize - bare.count - 10)
            let stored = try await repository.publish(appID: "notes", channel: .production, policy: full, author: "a", note: nil, at: Samples.now)
            #expect(stored.document.count > PolicyReader.maximumSize - 20)
            let tooMany = await #expect(throws: ServiceError.self) {
                try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: PolicyExemptions.hash("i"), createdAt: Samples.now),
                                                   author: "t", note: nil, at: Samples.now)
            }
            #expect(tooMany?.code == "document-too-large")
            #expect(try await repository.exemptions(appID: "notes").isEmpty, "the exemption is stored only with the documents that carry it")
            #expect(try await repository.currentRevision(appID: "notes", channel: .production)?.number == stored.number)
        }
    }

    @Test("the most exemptions a policy may list fit, with a usual policy, in what a client accepts")
    func exemptionLimitFits() throws {
        let exemptions = (0..<PolicyLimits.exemptions).map {
            Exemption(appID: "notes", kind: $0.isMultiple(of: 2) ? .install : .device, value: PolicyExemptions.hash("id-\($0)"), createdAt: Samples.now)
        }
        let (document, _) = try stamp(Samples.policy(), exemptions: exemptions)
        #expect(document.count < PolicyReader.maximumSize * 3 / 4, "\(document.count) bytes leave too little room for texts")
        let read = try UpdatePolicy(json: document)
        #expect((read.exemptions?.installs.count ?? 0) + (read.exemptions?.devices.count ?? 0) == PolicyLimits.exemptions)
    }
}

/// The repositories' shared stamping, reached through a concrete conformer (it is a static protocol extension).
private func stamp(_ policy: UpdatePolicy, exemptions: [Exemption] = []) throws -> (Data, Date) {
    try MemoryRepository.stamped(policy, after: nil, exemptions: exemptions, now: Samples.now)
}
