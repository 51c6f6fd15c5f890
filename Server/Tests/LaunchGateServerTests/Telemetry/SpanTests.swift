import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryTracing
import Testing
import Tracing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// What is traced: the router's requests are, by their route's template; the prepared-answer
/// path is not (``PreparedAnswerHandler``). Spans are told apart from other suites' by their
/// trace: each test runs under a root span of its own.
@Suite("Routed requests have a span named by their route; the prepared-answer path has none")
struct SpanTests {
    // MARK: Tests

    @Test("a prepared read answered on the hot path starts no span")
    func hotPathHasNoSpan() async throws {
        let pipe = try await HotPathPipe.make()
        let trace = try await Self.traced { _ in
            try pipe.send(HotPathPipe.get)
            #expect(try pipe.responses().map(\.status) == ["HTTP/1.1 200 OK"])
            #expect(pipe.app.requests.isEmpty)
        }
        #expect(trace.map(\.operationName) == ["test"])
    }

    @Test("the same read through the router has a span named by the route's template, with its status")
    func routerReadHasSpan() async throws {
        let server = try await TestServer.make()
        let trace = try await Self.traced { _ in
            try await server.application.test(.router) { client in
                let answer = try await client.execute(uri: HotPathPipe.target, method: .get)
                #expect(answer.status == .ok)
            }
        }
        let read = try #require(trace.first { $0.operationName == "GET /v1/apps/{app}/policy" })
        #expect(read.attributes["http.route"]?.toSpanAttribute() == "/v1/apps/{app}/policy")
        #expect(read.attributes["http.response.status_code"]?.toSpanAttribute() == 200)
        #expect(read.attributes["url.path"] == nil)
    }

    @Test("an App Store poll has a span with the app, the platform, the storefront count and how it ended, marked failed when none answered")
    func appStorePollHasSpan() async throws {
        let links = MemoryAppStoreLinkRepository()
        await links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["jp", "us"],
                                      createdAt: Samples.now))
        let transport = FakeAppStoreTransport(["jp": .status(503), "us": .status(503)])
        let poller = AppStorePoller(links: links, lookup: AppStoreLookupClient(transport: transport), publisher: FakeAppStorePublisher(Samples.policy()),
                                    now: { Samples.now })
        let trace = try await Self.traced { _ in _ = try await poller.poll(app: "notes", platform: .ios, reset: false) }
        let poll = try #require(trace.first { $0.operationName == "appstore.poll" })
        #expect(poll.attributes["launchgate.app"]?.toSpanAttribute() == "notes")
        #expect(poll.attributes["launchgate.platform"]?.toSpanAttribute() == "ios")
        #expect(poll.attributes["launchgate.appstore.storefronts"]?.toSpanAttribute() == 2)
        #expect(poll.attributes["launchgate.appstore.outcome"]?.toSpanAttribute() == "error")
        #expect(poll.attributes["launchgate.appstore.errors"]?.toSpanAttribute() == 2)
        #expect(poll.status?.code == .error)
    }

    // MARK: Helpers

    private static func traced(_ body: (any Span) async throws -> Void) async throws -> [FinishedInMemorySpan] {
        try await TestTracing.traced(body)
    }
}
