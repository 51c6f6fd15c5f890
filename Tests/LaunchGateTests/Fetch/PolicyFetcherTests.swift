import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Fetching a policy: timeout, ETag, caps, signatures and the cache")
struct PolicyFetcherTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let key = PolicySigningKey()
    private let app = AppInfo(version: "1.5.0", build: BuildNumber(150), platform: .ios, osVersion: "17.4")

    private func fetcher(_ source: PolicySource = PolicySource(url: PolicyDocuments.url),
                         timeout: Duration = .seconds(5)) -> PolicyFetcher {
        PolicyFetcher(source: source, app: app, installID: "install-1", transport: transport,
                      cache: PolicyCache(store: store), configuration: .init(timeout: timeout))
    }

    private var cachedPolicy: UpdatePolicy? { PolicyCache(store: store).load(for: PolicyDocuments.url)?.policy }

    private func signed(_ body: Data) throws -> TransportResponse {
        .json(body, headers: [PolicySignature.headerName: try key.signature(for: body).description, "ETag": "\"v1\""])
    }

    private func failure(_ outcome: FetchOutcome) -> LaunchGateError? {
        if case .failed(let error) = outcome { return error } else { return nil }
    }

    // MARK: Tests

    @Test("a 200 with a valid document is returned and cached with its ETag")
    func success() async throws {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(), headers: ["ETag": "\"abc\""])), for: PolicyDocuments.url)
        let outcome = await fetcher().fetch()
        #expect(outcome.policy?.platforms[.ios]?.latest?.version == "2.0.0")
        #expect(PolicyCache(store: store).load(for: PolicyDocuments.url)?.etag == "\"abc\"")
    }

    @Test("the cached ETag goes out as If-None-Match, and a 304 returns the cached policy")
    func notModified() async throws {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(), headers: ["ETag": "\"abc\""])), for: PolicyDocuments.url)
        transport.enqueue(.respond(TransportResponse(status: 304)), for: PolicyDocuments.url)
        let fetcher = fetcher()
        _ = await fetcher.fetch()
        let outcome = await fetcher.fetch()
        #expect(transport.requests.last?.headers["If-None-Match"] == "\"abc\"")
        guard case .notModified(let policy) = outcome else { Issue.record("expected 304, got \(outcome)"); return }
        #expect(policy.platforms[.ios]?.required?.version == "1.0.0")
    }

    @Test("an entry an older SDK cached with an update URL today's rules refuse is neither sent as If-None-Match nor served on a 304")
    func cachedEntryHeldToTodaysRules() async throws {
        var policy = try UpdatePolicy(json: PolicyDocuments.canonical())
        policy.platforms[.ios]?.updateURL = URL(string: "https://apps.apple.com@evil.example/x")
        try PolicyCache(store: store).save(CachedPolicy(policy: policy, etag: "\"old\"", source: PolicyDocuments.url))
        transport.enqueue(.respond(TransportResponse(status: 304)), for: PolicyDocuments.url)
        let outcome = await fetcher().fetch()
        #expect(transport.requests.last?.headers["If-None-Match"] == nil)
        #expect(outcome.policy == nil, "the refused URL is never offered to the screen")
    }

    @Test("a 304 with nothing cached is an error, not an empty policy")
    func notModifiedWithoutCache() async {
        transport.enqueue(.respond(TransportResponse(status: 304)), for: PolicyDocuments.url)
        #expect(failure(await fetcher().fetch()) == .notModifiedWithoutCache)
    }

    @Test("the request tells the server the version, build, platform, OS and install ID")
    func clientHeader() async {
        _ = await fetcher().fetch()
        let header = transport.requests.first?.headers[AppInfo.clientHeaderName]
        #expect(header == #"version="1.5.0", build="150", platform="ios", os="17.4", install="install-1""#)
    }

    @Test("a hung server times out at the configured limit, even if the transport ignores cancellation")
    func timeout() async {
        transport.enqueue(.hang, for: PolicyDocuments.url)
        let started = ContinuousClock.now
        let outcome = await fetcher(timeout: .milliseconds(100)).fetch()
        #expect(failure(outcome) == .timeout)
        // The transport never answers, so without the deadline this would not return at all; the
        // bound is loose because a loaded CI machine can stretch 100 ms a long way.
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("offline, 500, malformed, oversized, HTML and truncated answers each fail with their own error and keep the cache",
          arguments: [
            (ScriptedTransport.Step.fail(.transport("offline")), "transport"),
            (.respond(.json("oops", status: 500)), "http-status"),
            (.respond(.json("{not json")), "malformed"),
            (.respond(.json(Data(count: 300 * 1024))), "too-large"),
            (.respond(.json("{}", headers: ["Content-Length": "999999"])), "too-large"),
            (.respond(TransportResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Log in to Wi-Fi</html>".utf8))), "content-type"),
            (.respond(.json("{\"schemaVersion\": 1", headers: ["Content-Length": "400"])), "truncated"),
            (.respond(.json(#"{"schemaVersion": 1, "platforms": {"ios": {"updateURL": "http://evil.example"}}}"#)), "invalid-policy"),
          ])
    func failuresKeepCache(step: ScriptedTransport.Step, code: String) async {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.2.0"))), for: PolicyDocuments.url)
        transport.enqueue(step, for: PolicyDocuments.url)
        let fetcher = fetcher()
        _ = await fetcher.fetch()
        let outcome = await fetcher.fetch()
        #expect(failure(outcome)?.code == code, "\(outcome)")
        #expect(cachedPolicy?.platforms[.ios]?.required?.version == "1.2.0")
    }

    @Test("a gzip answer decoded by the transport is not truncated, though its Content-Length counts the compressed bytes",
          arguments: ["gzip", "br", " GZIP "])
    func encodedLength(coding: String) async {
        // A legacy document is a few dozen bytes, and gzip's header and trailer make it longer on the
        // wire than decoded: Darwin's URLSession hands over the decoded body with the wire's length.
        let body = Data(#"{"min_supported_version_ios": "1.0.0"}"#.utf8)
        transport.enqueue(.respond(.json(body, headers: ["Content-Encoding": coding, "Content-Length": String(body.count + 20)])),
                          for: PolicyDocuments.url)
        let outcome = await fetcher().fetch()
        #expect(outcome.policy?.platforms[.ios]?.required?.version == "1.0.0", "\(outcome)")
    }

    @Test("an identity-coded answer shorter than its Content-Length is still truncated")
    func identityStillTruncated() async {
        transport.enqueue(.respond(.json("{\"schemaVersion\": 1", headers: ["Content-Encoding": "identity", "Content-Length": "400"])),
                          for: PolicyDocuments.url)
        #expect(failure(await fetcher().fetch())?.code == "truncated")
    }

    @Test("a decoded body over the cap is refused whatever the compressed length says")
    func encodedOverCap() async {
        transport.enqueue(.respond(.json(Data(count: 300 * 1024), headers: ["Content-Encoding": "gzip", "Content-Length": "900"])),
                          for: PolicyDocuments.url)
        #expect(failure(await fetcher().fetch())?.code == "too-large")
    }

    @Test("with a pinned key, a policy signed in the header is accepted")
    func validSignatureHeader() async throws {
        transport.enqueue(.respond(try signed(PolicyDocuments.canonical())), for: PolicyDocuments.url)
        let outcome = await fetcher(PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])).fetch()
        #expect(outcome.policy != nil, "\(outcome)")
    }

    @Test("a static document is verified with the .sig file beside it")
    func validSignatureSidecar() async throws {
        let body = PolicyDocuments.canonical()
        transport.enqueue(.respond(TransportResponse(status: 200, headers: ["Content-Type": "text/plain"], body: body)), for: PolicyDocuments.staticURL)
        let sidecar = URL(string: "https://cdn.example.com/notes/policy.json.sig")!
        #expect(PolicySignature.sidecarURL(for: PolicyDocuments.staticURL) == sidecar)
        transport.enqueue(.respond(TransportResponse(status: 200, body: Data((try key.signature(for: body).description + "\n").utf8))), for: sidecar)
        let outcome = await fetcher(PolicySource(url: PolicyDocuments.staticURL, publicKeys: [key.publicKey], app: "notes")).fetch()
        #expect(outcome.policy != nil, "\(outcome)")
    }

    @Test("a bad signature, a signature by another key, tampered bytes and a missing signature are all refused")
    func badSignatures() async throws {
        let body = PolicyDocuments.canonical()
        let other = PolicySigningKey()
        var tampered = body
        tampered.append(contentsOf: Array(" ".utf8))
        let cases: [(TransportResponse, LaunchGateError)] = [
            (.json(body, headers: [PolicySignature.headerName: "ed25519=" + Data(count: 64).base64EncodedString()]), .signatureInvalid),
            (.json(body, headers: [PolicySignature.headerName: try other.signature(for: body).description]), .signatureInvalid),
            (.json(tampered, headers: [PolicySignature.headerName: try key.signature(for: body).description]), .signatureInvalid),
            (.json(body), .signatureMissing),
        ]
        for (response, expected) in cases {
            transport.enqueue(.respond(response), for: PolicyDocuments.url)
            let outcome = await fetcher(PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])).fetch()
            #expect(failure(outcome) == expected)
        }
        #expect(cachedPolicy == nil)
    }

    @Test("during a key rotation, a policy signed by either pinned key is accepted")
    func rotation() async throws {
        let next = PolicySigningKey()
        let body = PolicyDocuments.canonical()
        transport.enqueue(.respond(.json(body, headers: [PolicySignature.headerName: try next.signature(for: body).description])), for: PolicyDocuments.url)
        let outcome = await fetcher(PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey, next.publicKey])).fetch()
        #expect(outcome.policy != nil)
    }

    @Test("a signed policy older than the cached one is refused as a rollback; the newer one stays")
    func rollback() async throws {
        let source = PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])
        transport.enqueue(.respond(try signed(PolicyDocuments.canonical(required: "1.4.0", issuedAt: "2026-11-21T00:00:00Z"))), for: PolicyDocuments.url)
        transport.enqueue(.respond(try signed(PolicyDocuments.canonical(required: "1.0.0", issuedAt: "2026-11-20T00:00:00Z"))), for: PolicyDocuments.url)
        let fetcher = fetcher(source)
        _ = await fetcher.fetch()
        #expect(failure(await fetcher.fetch()) == .rollback)
        #expect(cachedPolicy?.platforms[.ios]?.required?.version == "1.4.0")
    }

    @Test("a signed policy without issuedAt is refused, since rollback could not be detected")
    func signedNeedsIssuedAt() async throws {
        let body = Data(#"{"schemaVersion": 1, "subject": \#(PolicyDocuments.iosSubject), "platforms": {"ios": {"latest": {"version": "2.0"}}}}"#.utf8)
        transport.enqueue(.respond(try signed(body)), for: PolicyDocuments.url)
        let outcome = await fetcher(PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])).fetch()
        #expect(failure(outcome) == .signedWithoutIssuedAt)
    }

    @Test("unsigned seed formats still work when no key is pinned")
    func unsignedSeeds() async {
        transport.enqueue(.respond(.json(#"{"latest_build": 151, "testflight_url": "https://testflight.apple.com/join/x"}"#)), for: PolicyDocuments.url)
        let outcome = await fetcher().fetch()
        #expect(outcome.policy?.platforms[.ios]?.required?.build == BuildNumber(151))
    }

    @Test("concurrent callers share one request in flight")
    func coalesced() async {
        let answer = TransportGate()
        transport.enqueue(.gated(answer, .json(PolicyDocuments.canonical())), for: PolicyDocuments.url)
        let fetcher = fetcher(timeout: .seconds(60))
        let callers = (0..<5).map { _ in Task { await fetcher.fetch() } }
        // The answer is held until the four later callers have joined the first one's request.
        let deadline = ContinuousClock.now + .seconds(30)
        while await fetcher.joinedCallers < 4, ContinuousClock.now < deadline { await Task.yield() }
        #expect(await fetcher.joinedCallers == 4)
        answer.open()
        var outcomes: [FetchOutcome] = []
        for caller in callers { outcomes.append(await caller.value) }
        #expect(transport.requests.count == 1)
        #expect(outcomes.allSatisfy { $0.policy != nil })
    }

    @Test("a public key reads from its printed form and refuses anything that is not 32 bytes")
    func keyParsing() throws {
        let printed = key.publicKey.description
        #expect(printed.hasPrefix("ed25519:"))
        #expect(try PolicyPublicKey(printed) == key.publicKey)
        #expect(throws: LaunchGateError.self) { try PolicyPublicKey("ed25519:AAAA") }
        #expect(throws: LaunchGateError.self) { try PolicyPublicKey("not base64!") }
        #expect(PolicySignature("ed25519=short") == nil)
    }
}
