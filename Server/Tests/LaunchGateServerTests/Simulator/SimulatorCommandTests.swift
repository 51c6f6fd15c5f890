import Testing
@testable import LaunchGateSimulator

@Suite("Simulator commands and durations as typed")
struct SimulatorCommandTests {
    // MARK: Tests

    @Test("commands are read without case; a button's title keeps its words and loses one pair of quotes")
    func commands() throws {
        #expect(try SimulatorCommand.parse("tap Update Now") == .tap("Update Now"))
        #expect(try SimulatorCommand.parse("  TAP   \"Not Now\"  ") == .tap("Not Now"))
        #expect(try SimulatorCommand.parse("tap 'details'") == .tap("details"))
        #expect(try SimulatorCommand.parse("type ada@example.com") == .type("ada@example.com"))
        #expect(try SimulatorCommand.parse("dismiss") == .dismiss)
        #expect(try SimulatorCommand.parse("Background") == .background)
        #expect(try SimulatorCommand.parse("foreground") == .foreground)
        #expect(try SimulatorCommand.parse("relaunch") == .relaunch)
        #expect(try SimulatorCommand.parse("sign-out") == .signOut)
        #expect(try SimulatorCommand.parse("help") == .help)
        #expect(try SimulatorCommand.parse("quit") == .quit)
        #expect(try SimulatorCommand.parse("advance 25h") == .advance(try SimulatedDuration(parsing: "25h")))
    }

    @Test("a blank line is nothing, and a line that is no command is a field's input")
    func input() throws {
        #expect(try SimulatorCommand.parse("") == nil)
        #expect(try SimulatorCommand.parse(" \t ") == nil)
        #expect(try SimulatorCommand.parse(" ada@example.com ") == .input("ada@example.com"))
        #expect(try SimulatorCommand.parse("0909") == .input("0909"))
        // Only the whole first word makes a command: an address that starts like one is input.
        #expect(try SimulatorCommand.parse("tap@example.com") == .input("tap@example.com"))
    }

    @Test("a missing, extra or malformed argument is refused with what to type", arguments: [
        ("tap", "tap needs"), ("tap \"\"", "tap needs"), ("type", "type needs"), ("advance", "advance needs"),
        ("advance soon", "not a duration"), ("dismiss now", "takes nothing"), ("quit please", "takes nothing"),
    ])
    func refused(line: String, message: String) {
        #expect(throws: SimulatorInputError.self) { try SimulatorCommand.parse(line) }
        do { _ = try SimulatorCommand.parse(line) } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test("durations in seconds, minutes, hours and days, and sums of them")
    func durations() throws {
        #expect(try SimulatedDuration(parsing: "25h").seconds == 90_000)
        #expect(try SimulatedDuration(parsing: "90m").seconds == 5_400)
        #expect(try SimulatedDuration(parsing: "2d").seconds == 172_800)
        #expect(try SimulatedDuration(parsing: "30s").seconds == 30)
        #expect(try SimulatedDuration(parsing: "1d12h").seconds == 129_600)
        #expect(try SimulatedDuration(parsing: "2H").seconds == 7_200)
        #expect(try SimulatedDuration(parsing: "3650d").seconds == SimulatedDuration.longest)
    }

    @Test("durations print largest unit first", arguments: [("25h", "1d1h"), ("90m", "1h30m"), ("30s", "30s"), ("1d12h", "1d12h")])
    func described(text: String, printed: String) throws {
        #expect(try SimulatedDuration(parsing: text).description == printed)
        #expect(SimulatedDuration.format(0) == "0s")
    }

    @Test("a duration without a unit, with a sign, a fraction or a space, zero, or over ten years is refused", arguments: [
        "25", "h", "", "-1h", "+1h", "1.5h", "1 h", "0h", "0s0m", "25x", "3651d", "999999999999h", "1h2",
    ])
    func badDurations(text: String) {
        #expect(throws: SimulatorInputError.self) { try SimulatedDuration(parsing: text) }
    }
}
