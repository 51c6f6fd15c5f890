import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Made-up prompt counts are refused or capped: wrong types, huge and fractional numbers, unknown channels, answers without prompts")
struct FunnelInputTests {
    private let pings = FunnelPingTests()

    private func send(_ client: some TestClientProtocol, _ text: String, install: String = "i-1") async throws -> TestResponse {
        try await client.execute(uri: FunnelPingTests.ping, method: .post, headers: pings.headers(install), body: pings.body(text))
    }

    // MARK: Tests

    @Test("numbers that no SDK sends are refused as invalid-funnel, and add nothing")
    func madeUpNumbers() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                let bodies = [
                    #"{"funnel": [{"revision": 1, "banner": 1.5}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": "3"}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": 1e300}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": 99999999999999999999}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": null}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": [1]}]}"#,
                    #"{"funnel": [{"revision": 1.5, "banner": 1}]}"#,
                    #"{"funnel": [{"revision": "1", "banner": 1}]}"#,
                    #"{"funnel": [{"revision": 0, "banner": 1}]}"#,
                    #"{"funnel": [{"revision": -1, "banner": 1}]}"#,
                    #"{"funnel": [{"banner": 1}]}"#,
                    #"{"funnel": [{"revision": 1, "channel": "alpha", "banner": 1}]}"#,
                    #"{"funnel": [{"revision": 1, "channel": 1, "banner": 1}]}"#,
                    #"{"funnel": [{"revision": 1, "channel": null, "banner": 1}]}"#,
                    #"{"funnel": [{"revision": 1, "banner": 1}, {"revision": 1, "channel": "production", "update": 1}]}"#,
                    #"{"funnel": [{"revision": 1}, {"revision": 2}, {"revision": 3}, {"revision": 4}, {"revision": 5}]}"#,
                    #"{"funnel": {"revision": 1, "banner": 1}}"#,
                    #"{"funnel": null}"#,
                    #"[]"#,
                ]
                for text in bodies {
                    let response = try await send(client, text)
                    #expect(response.status == .badRequest, "\(text)")
                    #expect(response.errorCode == "invalid-funnel", "\(text)")
                }
            }
            #expect(try await pings.totals(server).isEmpty)
        }
    }

    @Test("the largest Int is capped like any other count, and a future revision is refused")
    func hugeAndFuture() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                let future = try await send(client, #"{"funnel": [{"revision": 9223372036854775807, "banner": 1}]}"#)
                let huge = try await send(client, #"{"funnel": [{"revision": 1, "banner": 9223372036854775807}]}"#)
                #expect(future.errorCode == "unknown-revision" && huge.status == .noContent)
            }
            #expect(try await pings.totals(server) == ["r1 banner": FunnelRecorder.perPingCount])
        }
    }

    @Test("answers are capped at the prompts they answer: taps at prompts shown, dismissals at banners, Not Nows at screens")
    func answersWithoutPrompts() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                // No prompt in this ping: one answer of each kind may answer yesterday's prompt.
                let unprompted = try await send(client, #"{"funnel": [{"revision": 1, "update": 50, "dismissed": 50, "notNow": 50}]}"#)
                let prompted = try await send(client, #"{"funnel": [{"revision": 1, "banner": 2, "recommended": 1, "update": 50, "dismissed": 50, "notNow": 50}]}"#,
                                              install: "i-2")
                #expect(unprompted.status == .noContent && prompted.status == .noContent)
            }
            #expect(try await pings.totals(server) == [
                "r1 update": 1 + 3, "r1 dismissed": 1 + 2, "r1 notNow": 1 + 1, "r1 banner": 2, "r1 recommended": 1,
            ])
        }
    }

    @Test("a flood of made-up installs is bounded twice: the buffer drops past its capacity, storage keeps at most the cap")
    func flood() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            let repository = MemoryFunnelRepository()
            let recorder = FunnelRecorder(repository: repository, hasher: server.components.installHasher, policies: server.components.policies,
                                          limits: FunnelLimits(installsPerAppPlatform: 10), capacity: 25, now: { Samples.now })
            let report = FunnelReport(revisions: [FunnelCounts(revision: 1, counts: [.banner: 1_000])])
            var noted = 0
            for index in 0..<40 {
                let header = try #require(ClientHeader.parse(InstallRecordingTests.header("flood-\(index)", version: "2.1.0")))
                guard case .success(let install) = header.checkedInstall() else { Issue.record("the test's header is refused"); return }
                if recorder.note(app: "notes", install: install, counts: try await recorder.check(app: "notes", report: report)) { noted += 1 }
            }
            #expect(noted == 25)
            let result = try #require(await recorder.fold())
            #expect(result.counted == 10 && result.overInstallCap == 15)
            let days = await repository.days(appID: "notes", platform: nil, channel: nil, revision: nil, fromDay: 0)
            #expect(days.map { $0.counts[.banner] } == [10 * FunnelRecorder.perPingCount])
        }
    }
}
