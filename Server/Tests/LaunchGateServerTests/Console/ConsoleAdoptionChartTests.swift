import Foundation
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Console adoption: today's column ends where the axis ends, text stays text at any width, and windows are named as UTC calendar days")
struct ConsoleAdoptionChartTests {
    private func day(_ number: Int) -> AdoptionReport.Day {
        AdoptionReport.Day(date: AdoptionReport.date(number), activeInstalls: 10, versions: [
            AdoptionReport.Share(platform: "ios", version: "2.1.0", build: nil, os: nil, installs: 6, share: 0.6),
            AdoptionReport.Share(platform: "ios", version: "2.4.1", build: nil, os: nil, installs: 4, share: 0.4),
        ])
    }

    // MARK: Tests

    @Test("a single day of installs is today's column, at the right end of the axis, not in the middle")
    func singleDay() {
        let today = 20_000
        let timeline = AdoptionTimeline(history: [day(today)], today: today, days: 30)
        #expect(timeline.segments.count == 2)
        for segment in timeline.segments {
            #expect(segment.x + segment.width == timeline.width, "today's column ends with the axis")
            #expect(Double(segment.x) > AdoptionTimeline.plotWidth * 29 / 30, "and sits in the last day's slot")
        }
        #expect(timeline.width == Int(AdoptionTimeline.plotWidth) && timeline.height == Int(AdoptionTimeline.plotHeight))
        let stacked = timeline.segments.map(\.height).reduce(0, +)
        #expect(abs(stacked - timeline.height) <= 1, "the shares stack to the full height")
    }

    @Test("the first day's column starts at the left end of the axis, and columns never overlap")
    func firstDay() {
        let today = 20_000
        let timeline = AdoptionTimeline(history: (today - 29...today).map(day), today: today, days: 30)
        let columns = Dictionary(grouping: timeline.segments, by: \.x).keys.sorted()
        #expect(columns.count == 30)
        #expect(Double(columns[0]) < AdoptionTimeline.plotWidth / 30)
        for segment in timeline.segments { #expect(segment.x + segment.width <= timeline.width) }
        let widths = Set(timeline.segments.map(\.width))
        #expect(widths.allSatisfy { $0 > 0 && $0 <= Int(AdoptionTimeline.plotWidth / 30) + 1 })
    }

    @Test("a day with no installs recorded is an outlined column that says so, not a blank that reads as an outage")
    func emptyDays() async throws {
        let today = 20_000
        let timeline = AdoptionTimeline(history: [day(today - 2), day(today)], today: today, days: 30)
        #expect(timeline.gaps.map(\.date) == (today - 29...today).filter { $0 != today && $0 != today - 2 }.map(AdoptionReport.date))
        let columns = Set(timeline.segments.map(\.x)).union(timeline.gaps.map(\.x))
        #expect(columns.count == 30, "every day of the axis has a column, with installs or without")
        #expect(Set(timeline.segments.map(\.x)).isDisjoint(with: timeline.gaps.map(\.x)))
        #expect(timeline.gaps.allSatisfy { $0.height == timeline.height && $0.title.hasSuffix("no installs recorded") })
        #expect(timeline.gapNote?.contains("(28 days)") == true && timeline.gapNote?.contains("not zero installs") == true)
        #expect(AdoptionTimeline(history: (today - 29...today).map(day), today: today, days: 30).gapNote == nil)
        #expect(AdoptionTimeline.gapNote(days: 1).contains("(1 day)"))
        try await TestServer.with { server in
            try await server.components.installs.record([InstallSighting(appID: "notes", platform: .ios, installHash: "h", version: "2.1.0", at: Date())])
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let page = try await browser.get("/console/apps/notes/adoption").text
                let yesterday = AdoptionReport.date(InstallDay.of(Date()) - 1)
                #expect(page.contains(#"class="no-data" data-day="\#(yesterday)"><title>\#(yesterday) · no installs recorded</title>"#))
                #expect(page.matches(of: #/class="no-data" data-day/#).count == 29)
                #expect(page.contains(#"<span class="chart-swatch no-data"></span>no installs recorded</li>"#))
                #expect(page.contains("Outlined columns are days with no installs recorded (29 days)"))
            }
        }
    }

    @Test("a bar's length is its share of the chart's scale, and its label and figures are page text, not SVG text that shrinks with the drawing")
    func bars() async throws {
        let chart = AdoptionChart(id: "versions", caption: "Versions", shares: [("iOS 2.1.0", 3, 0.75), ("iOS 2.4.1", 1, 0.25), ("iOS 1.0", 0, 0.0001)])
        #expect(chart.bars.map(\.width) == [750, 250, 1], "a share too small to see still gets a unit")
        #expect(chart.scale == AdoptionChart.fullWidth)
        try await TestServer.with { server in
            try await server.components.installs.record((0..<4).map {
                InstallSighting(appID: "notes", platform: .ios, installHash: "h\($0)", version: $0 < 3 ? "2.1.0" : "2.4.1", at: Date())
            })
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let page = try await browser.get("/console/apps/notes/adoption?days=1").text
                #expect(page.contains(#"<span class="bar-label">iOS 2.1.0</span><svg class="bar" viewBox="0 0 1000 1" preserveAspectRatio="none""#))
                #expect(page.contains(#"<rect width="750" height="1" class="chart-bar">"#) && page.contains(#"<span class="bar-value">75 % · 3</span>"#))
                #expect(!page.contains("<text"), "no text inside an SVG: it would shrink with the drawing on a phone")
            }
        }
    }

    @Test("the window picker and the count name UTC calendar days, today included, with their dates")
    func windowLabels() async throws {
        try await TestServer.with { server in
            try await server.components.installs.record((0..<3).map {
                InstallSighting(appID: "notes", platform: .ios, installHash: "h\($0)", version: "2.1.0", at: Date())
            })
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let today = AdoptionReport.date(InstallDay.of(Date()))
                let one = try await browser.get("/console/apps/notes/adoption?days=1").text
                #expect(one.contains("3 active installs today, UTC calendar day \(today)."))
                #expect(one.contains(">Today (UTC)</option>") && one.contains(">7 UTC days</option>"))
                #expect(!one.contains("1 day"))
                let seven = try await browser.get("/console/apps/notes/adoption?days=7").text
                let first = AdoptionReport.date(InstallDay.of(Date()) - 6)
                #expect(seven.contains("3 active installs in the last 7 UTC calendar days, \(first) to \(today), today included."))
                #expect(seven.contains(#"<svg viewBox="0 0 900 160" preserveAspectRatio="none" class="timeline-plot""#))
            }
        }
    }
}
