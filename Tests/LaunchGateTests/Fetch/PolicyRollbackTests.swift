import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Anti-rollback: equal issuedAt and issuedAt in the future")
struct PolicyRollbackTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let key = PolicySigningKey()
    private let clock = TestClock(PolicyJSON.parseDate("2026-11-20T09:00:00Z")!)
    private let app = AppInfo(version: "1.5.0", build: BuildNumber(150), platform: .ios, osVersion: "17.4")

    private var fetcher: PolicyFetcher {
        PolicyFetcher(source: PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey]), app: app,
                      installID: "install-1", transport: transport, cache: PolicyCache(store: store), now: clock.now)
    }

    private func serve(_ body: Data) throws {
        transport.enqueue(.respond(.json(body, headers: [PolicySignature.headerName: try key.signature(for: body).description])),
                          for: PolicyDocuments.url)
    }

    private func failure(_ outcome: FetchOutcome) -> LaunchGateError? {
        if case .failed(let error) = outcome { return error } else { return nil }
    }

    private var cachedRequired: AppVersion? { PolicyCache(store: store).load(for: PolicyDocuments.url)?.policy.platforms[.ios]?.required?.version }

    // MARK: Tests

    @Test("a different document with the trusted one's issuedAt is refused, and the trusted one stays")
    func equalIssuedAtDifferentDocument() async throws {
        try serve(PolicyDocuments.canonical(required: "1.4.0", issuedAt: "2026-11-20T08:00:00Z"))
        try serve(PolicyDocuments.canonical(required: "1.0.0", issuedAt: "2026-11-20T08:00:00Z"))
        let fetcher = fetcher
        #expect(await fetcher.fetch().policy != nil)
        #expect(failure(await fetcher.fetch()) == .issuedAtReused)
        #expect(cachedRequired == "1.4.0")
    }

    @Test("the same signed document served again (no ETag) is accepted")
    func sameDocumentAgain() async throws {
        let body = PolicyDocuments.canonical(required: "1.4.0", issuedAt: "2026-11-20T08:00:00Z")
        try serve(body)
        try serve(body)
        let fetcher = fetcher
        #expect(await fetcher.fetch().policy != nil)
        let again = await fetcher.fetch()
        guard case .updated = again else { Issue.record("expected the same document to be accepted, got \(again)"); return }
    }

    @Test("an entry cached without a digest is compared by content: same policy accepted, different refused")
    func legacyEntryWithoutDigest() async throws {
        let body = PolicyDocuments.canonical(required: "1.4.0", issuedAt: "2026-11-20T08:00:00Z")
        let policy = try UpdatePolicy(json: body).narrowed(to: .ios)
        try PolicyCache(store: store).save(CachedPolicy(policy: policy, etag: nil, source: PolicyDocuments.url))
        try serve(body)
        #expect(await fetcher.fetch().policy != nil)
        try PolicyCache(store: store).save(CachedPolicy(policy: policy, etag: nil, source: PolicyDocuments.url))
        try serve(PolicyDocuments.canonical(required: "1.0.0", issuedAt: "2026-11-20T08:00:00Z"))
        #expect(failure(await fetcher.fetch()) == .issuedAtReused)
    }

    @Test("issuedAt more than 24 hours after the device's clock is refused; 23 hours ahead is accepted")
    func future() async throws {
        try serve(PolicyDocuments.canonical(issuedAt: "2026-11-21T09:00:01Z"))
        #expect(failure(await fetcher.fetch()) == .issuedInFuture(Date(), now: Date()))
        #expect(cachedRequired == nil)
        try serve(PolicyDocuments.canonical(issuedAt: "2026-11-21T08:00:00Z"))
        #expect(await fetcher.fetch().policy != nil)
    }

    @Test("a document dated years ahead can't freeze updates: the next honest policy still applies")
    func leakedKeyCantFreeze() async throws {
        try serve(PolicyDocuments.canonical(required: "1.0.0", issuedAt: "2036-01-01T00:00:00Z"))
        try serve(PolicyDocuments.canonical(required: "1.4.0", issuedAt: "2026-11-20T08:30:00Z"))
        let fetcher = fetcher
        _ = await fetcher.fetch()
        #expect(await fetcher.fetch().policy != nil)
        #expect(cachedRequired == "1.4.0")
    }
}
