import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("A signed policy is bound to its app, channel and platform")
struct PolicySubjectTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let key = PolicySigningKey()
    private let app = AppInfo(version: "1.5.0", build: BuildNumber(150), platform: .ios, osVersion: "17.4")

    private func fetch(_ body: Data, source: PolicySource? = nil) async throws -> FetchOutcome {
        let source = source ?? PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])
        let response = TransportResponse.json(body, headers: [PolicySignature.headerName: try key.signature(for: body).description])
        transport.enqueue(.respond(response), for: source.url)
        return await PolicyFetcher(source: source, app: app, installID: "install-1", transport: transport,
                                   cache: PolicyCache(store: store)).fetch()
    }

    private func failure(_ outcome: FetchOutcome) -> LaunchGateError? {
        if case .failed(let error) = outcome { return error } else { return nil }
    }

    // MARK: Tests

    @Test("the server's own signed Android document replayed to an iOS client is refused")
    func replayedPlatform() async throws {
        let android = PolicyDocuments.canonical(required: "1.0.0", subject: #"{"app": "notes", "channel": "production", "platform": "android"}"#,
                                                platform: "android")
        let outcome = try await fetch(android)
        #expect(failure(outcome) == .subjectMismatch(""), "\(outcome)")
        #expect(PolicyCache(store: store).load(for: PolicyDocuments.url) == nil)
    }

    @Test("a signed document for another app or another channel is refused")
    func otherAppOrChannel() async throws {
        let otherApp = PolicyDocuments.canonical(subject: #"{"app": "photos", "channel": "production", "platform": "ios"}"#)
        #expect(failure(try await fetch(otherApp)) == .subjectMismatch(""))
        let beta = PolicyDocuments.canonical(subject: #"{"app": "notes", "channel": "beta", "platform": "ios"}"#)
        #expect(failure(try await fetch(beta)) == .subjectMismatch(""))
    }

    @Test("a signed document without a subject is refused")
    func missingSubject() async throws {
        #expect(failure(try await fetch(PolicyDocuments.canonical(subject: nil))) == .subjectMissing)
    }

    @Test("a signed document for every platform of the right app and channel is accepted")
    func everyPlatform() async throws {
        let outcome = try await fetch(PolicyDocuments.canonical(subject: #"{"app": "notes", "channel": "production"}"#))
        #expect(outcome.policy?.subject == PolicySubject(app: "notes", channel: .production, platform: nil), "\(outcome)")
    }

    @Test("a beta source reads its channel from the query and accepts only beta documents")
    func betaSource() async throws {
        let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios&channel=beta")!
        let source = PolicySource(url: url, publicKeys: [key.publicKey])
        #expect(source.app == "notes" && source.channel == .beta)
        let production = PolicyDocuments.canonical()
        #expect(failure(try await fetch(production, source: source)) == .subjectMismatch(""))
        let beta = PolicyDocuments.canonical(subject: #"{"app": "notes", "channel": "beta", "platform": "ios"}"#)
        #expect(try await fetch(beta, source: source).policy != nil)
    }

    @Test("a repeated channel item means its first value, as the server reads it, so the server's document is accepted")
    func repeatedChannel() async throws {
        let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios&channel=beta&channel=production")!
        let source = PolicySource(url: url, publicKeys: [key.publicKey])
        #expect(source.channel == .beta)
        let beta = PolicyDocuments.canonical(subject: #"{"app": "notes", "channel": "beta", "platform": "ios"}"#)
        #expect(try await fetch(beta, source: source).policy != nil)
    }

    @Test("a static source names its app explicitly; without one a signed document can't be bound and is refused")
    func staticSource() async throws {
        let anonymous = PolicySource(url: PolicyDocuments.staticURL, publicKeys: [key.publicKey])
        #expect(anonymous.app == nil && anonymous.channel == .production)
        #expect(failure(try await fetch(PolicyDocuments.canonical(), source: anonymous)) == .subjectMismatch(""))
        let named = PolicySource(url: PolicyDocuments.staticURL, publicKeys: [key.publicKey], app: "notes")
        #expect(try await fetch(PolicyDocuments.canonical(), source: named).policy != nil)
    }

    @Test("unsigned sources don't need a subject")
    func unsigned() async throws {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(subject: nil))), for: PolicyDocuments.url)
        let outcome = await PolicyFetcher(source: PolicySource(url: PolicyDocuments.url), app: app, installID: "i",
                                          transport: transport, cache: PolicyCache(store: store)).fetch()
        #expect(outcome.policy != nil)
    }

    @Test("the subject survives JSON and the launch cache, and a platform outside it is a validation issue")
    func coding() throws {
        let policy = try UpdatePolicy(json: PolicyDocuments.canonical())
        #expect(policy.subject == PolicySubject(app: "notes", channel: .production, platform: .ios))
        #expect(try UpdatePolicy(json: policy.jsonData()) == policy)
        let entry = CachedPolicy(policy: policy, etag: nil, source: PolicyDocuments.url)
        #expect(try CachedPolicy(binaryData: entry.binaryData()) == entry)
        var mixed = policy
        mixed.platforms[.android] = PlatformPolicy()
        #expect(mixed.validate().map(\.field) == ["platforms.android"])
        #expect(throws: PolicyError.self) {
            try UpdatePolicy(json: PolicyDocuments.canonical(subject: #"{"app": "notes", "channel": "production", "platform": "web"}"#))
        }
    }
}
