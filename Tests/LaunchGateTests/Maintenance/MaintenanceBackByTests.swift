import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The maintenance screen's 'back by' line: the window's end in the user's language, written as the device writes times, in its time zone")
struct MaintenanceBackByTests {
    /// 1 December 2026, 04:00 UTC.
    private static let end = Date(timeIntervalSince1970: 1_796_097_600)

    private func message(end: Date? = end, language: String = "en", locale: Locale? = nil, timeZone: String? = nil,
                         text: ScreenText? = nil) -> String {
        let window = MaintenanceWindow(start: Self.end.addingTimeInterval(-7_200), end: end, message: "Moving to a new data centre.")
        let prompt = UpdatePrompt(kind: .maintenance, text: text, maintenance: window)
        return GateScreen.make(for: prompt, style: .blocking, platform: .ios, hasUpdateURL: false,
                               strings: .forLanguages([language]), locale: locale,
                               timeZone: timeZone.flatMap(TimeZone.init(identifier:))).message
    }

    // MARK: Tests

    @Test("an American device in New York reads the end in its own time, after the operator's message")
    func newYork() {
        let shown = message(locale: Locale(identifier: "en_US"), timeZone: "America/New_York")
        #expect(shown.hasPrefix("Moving to a new data centre.\n\nExpected back by "), "\(shown)")
        #expect(shown.contains("Nov 30") && shown.contains("11:00") && shown.contains("PM"), "\(shown)")
    }

    @Test("a Japanese device in Tokyo reads it in Japanese, on the 24-hour clock, the next day's 13:00")
    func tokyo() {
        let shown = message(language: "ja", locale: Locale(identifier: "ja_JP"), timeZone: "Asia/Tokyo")
        #expect(shown.hasSuffix("までに再開する予定です。"), "\(shown)")
        #expect(shown.contains("12月1日") && shown.contains("13:00"), "\(shown)")
    }

    @Test("without the device's time zone (the server's preview) the time is UTC and names it (GMT)")
    func utc() {
        let shown = message(locale: Locale(identifier: "en_GB"))
        #expect(shown.contains("04:00") && shown.contains("GMT"), "\(shown)")
    }

    @Test("every language has the line, with the time in it", arguments: LaunchGateStrings.supportedLanguages)
    func everyLanguage(language: String) {
        let strings = LaunchGateStrings.forLanguages([language])
        let line = strings.text(.maintenanceBackBy, ["time": "⟨T⟩"])
        #expect(line.contains("⟨T⟩"))
        #expect(message(language: language, timeZone: "UTC").hasSuffix(strings.text(.maintenanceBackBy, ["time": GateScreen.backByTime(
            Self.end, language: strings.language, device: nil, timeZone: TimeZone(identifier: "UTC"))])))
    }

    @Test("an open-ended window has no line, and the policy's own message in the user's language still gets it")
    func openEndedAndPolicyText() {
        #expect(message(end: nil) == "Moving to a new data centre.")
        let shown = message(timeZone: "UTC", text: ScreenText(message: "Umzug ins neue Rechenzentrum."))
        #expect(shown.hasPrefix("Umzug ins neue Rechenzentrum.\n\nExpected back by "), "\(shown)")
    }
}
