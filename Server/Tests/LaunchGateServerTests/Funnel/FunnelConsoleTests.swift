import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The console's funnel page: a chart and a sentence per revision, from one value")
struct FunnelConsoleTests {
    private func summary() -> FunnelSummary {
        FunnelSummary(platform: .ios, revision: 4, totals: FunnelCounts(revision: 4, counts: [.banner: 40, .details: 10, .update: 8, .dismissed: 20]),
                      daily: [], conversion: FunnelConversion(platform: .ios, revision: 4, prompted: 30, windows: [
                          .init(days: 1, prompted: 30, updated: 3), .init(days: 3, prompted: 24, updated: 6), .init(days: 7, prompted: 0, updated: 0),
                      ]))
    }

    @Test("each conversion bar prints the share the sentence prints, and a window no install is old enough for says so")
    func oneValue() throws {
        let summary = summary()
        let chart = try #require(FunnelChart.updates(summary, id: "u"))
        #expect(chart.bars.map(\.percent) == [FigureText.percent(0.1), FigureText.percent(0.25), "too early"])
        for percent in chart.bars.map(\.percent).dropLast() { #expect(summary.sentence.contains(percent), "\(summary.sentence)") }
        #expect(summary.sentence.contains("40 banners") && summary.sentence.contains("8 Update Now taps"))
        let prompts = FunnelChart.prompts(summary, id: "p")
        #expect(prompts.bars.map(\.installs) == ["40", "10", "0", "0", "8", "20", "0"], "the funnel's order, never re-ranked")
        #expect(prompts.bars.first?.width == AdoptionChart.fullWidth && prompts.bars[2].width == 0)
    }

    @Test("the page lists each revision's sentence and charts after a ping with counts, and says so when there are none")
    func page() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                _ = try await browser.signIn(server.adminToken)
                let empty = try await browser.get("/console/apps/notes/funnel")
                #expect(empty.status == .ok && empty.text.contains("id=\"funnel-empty\""))
                var headers: HTTPFields = [InstallRecordingTests.client: InstallRecordingTests.header("i-1"), .contentType: "application/json"]
                headers[.contentType] = "application/json"
                _ = try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: headers,
                                             body: ByteBuffer(string: #"{"funnel": [{"revision": 1, "banner": 3, "update": 1}]}"#))
                await server.components.funnelRecorder.fold()
                let page = try await browser.get("/console/apps/notes/funnel")
                #expect(page.status == .ok)
                #expect(page.text.contains("Production revision 1 · iOS") && page.text.contains("3 banners"))
                #expect(page.text.contains("id=\"chart-production-r1-ios-prompts\""))
            }
        }
    }
}
