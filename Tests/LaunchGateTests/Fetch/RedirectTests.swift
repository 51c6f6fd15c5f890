import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Redirects stay within the policy's origin")
struct RedirectTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()

    private var fetcher: PolicyFetcher {
        PolicyFetcher(source: PolicySource(url: PolicyDocuments.url), app: AppInfo(version: "1.5.0", platform: .ios),
                      installID: "i", transport: transport, cache: PolicyCache(store: store))
    }

    private func failure(_ outcome: FetchOutcome) -> LaunchGateError? {
        if case .failed(let error) = outcome { return error } else { return nil }
    }

    // MARK: Tests

    @Test("an answer from another host, from http, or from another port is refused and the cache is kept",
          arguments: ["https://evil.example/v1/apps/notes/policy?platform=android", "http://updates.example.com/v1/apps/notes/policy?platform=ios",
                      "https://updates.example.com:8443/v1/apps/notes/policy?platform=ios"])
    func crossOrigin(target: String) async throws {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.2.0"))), for: PolicyDocuments.url)
        transport.enqueue(.redirected(to: URL(string: target)!, .json(PolicyDocuments.canonical(required: "0.1.0"))), for: PolicyDocuments.url)
        let fetcher = fetcher
        _ = await fetcher.fetch()
        #expect(failure(await fetcher.fetch()) == .redirectRefused(from: PolicyDocuments.url, to: PolicyDocuments.url))
        #expect(PolicyCache(store: store).load(for: PolicyDocuments.url)?.policy.platforms[.ios]?.required?.version == "1.2.0")
    }

    @Test("a redirect within the same origin is followed")
    func sameOrigin() async throws {
        let moved = URL(string: "https://UPDATES.example.com:443/v2/apps/notes/policy?platform=ios")!
        transport.enqueue(.redirected(to: moved, .json(PolicyDocuments.canonical())), for: PolicyDocuments.url)
        #expect(await fetcher.fetch().policy != nil)
    }

    @Test("the live transport refuses a redirect to another host without following it")
    func liveCrossOrigin() async throws {
        let server = try LocalHTTPServer([.raw("HTTP/1.1 302 Found\r\nLocation: http://localhost:1/policy\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")])
        async let served: Void = server.serve()
        let request = TransportRequest(url: server.base.appendingPathComponent("policy"), timeout: 10)
        let error = await #expect(throws: LaunchGateError.self) { try await URLSessionTransport().send(request) }
        await served
        #expect(error == .redirectRefused(from: request.url, to: request.url), "\(String(describing: error))")
        #expect(server.requests.count == 1)
    }

    @Test("the live transport follows a same-origin redirect and reports where the answer came from")
    func liveSameOrigin() async throws {
        let server = try LocalHTTPServer([
            .raw("HTTP/1.1 301 Moved\r\nLocation: /moved\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
            .raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"),
        ])
        async let served: Void = server.serve()
        let response = try await URLSessionTransport().send(TransportRequest(url: server.base.appendingPathComponent("policy"), timeout: 10))
        await served
        #expect(response.status == 200 && response.body == Data("{}".utf8))
        #expect(response.url?.path == "/moved")
    }
}
