import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Filling placeholders in one pass")
struct PlaceholderTests {
    @Test("each named placeholder takes its value, wherever the translation put it")
    func fills() {
        #expect(LaunchGateStrings.english.text(.codeMessage, ["length": "6", "email": "ada@example.com"])
            == "We sent a 6-digit code to ada@example.com.")
        #expect(LaunchGateStrings.forLanguages(["ja"]).text(.codeMessage, ["length": "6", "email": "ada@example.com"])
            == "6桁のコードをada@example.comに送信しました。")
    }

    @Test("a value that contains a placeholder is inserted as it is, not filled again")
    func singlePass() {
        let strings = LaunchGateStrings.english
        #expect(strings.text(.welcomeMessage, ["email": "{seconds}@example.com", "seconds": "30"])
            == "You're signed in as {seconds}@example.com.")
        #expect(LaunchGateStrings.fill("{a}{b}", with: ["a": "{b}", "b": "{a}"]) == "{b}{a}")
    }

    @Test("braces that aren't a known placeholder stay as written")
    func unknownBraces() {
        #expect(LaunchGateStrings.fill("{seconds} s {later} {", with: ["seconds": "5"]) == "5 s {later} {")
        #expect(LaunchGateStrings.fill("{{seconds}}", with: ["seconds": "5"]) == "{5}")
        #expect(LaunchGateStrings.fill("no placeholders", with: ["seconds": "5"]) == "no placeholders")
        #expect(LaunchGateStrings.english.text(.resendIn) == "Send New Code in {seconds} s")
    }
}
