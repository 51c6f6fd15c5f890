import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Token IDs typed on the command line")
struct TokenArgumentTests {
    // MARK: Tests

    @Test("an ID, a whole token or its lgt_<id> part give the ID")
    func wellFormed() {
        #expect(AdminTokens.tokenID(fromArgument: "0123456789ab") == "0123456789ab")
        #expect(AdminTokens.tokenID(fromArgument: "lgt_0123456789ab") == "0123456789ab")
        #expect(AdminTokens.tokenID(fromArgument: "lgt_0123456789ab_" + String(repeating: "f", count: 64)) == "0123456789ab")
    }

    @Test("malformed IDs are refused instead of crashing", arguments: [
        "lgt_", "lgt", "", "_", "lgt__", "lgt_0123456789ab_x_y", "xyz_0123456789ab", "0123456789AB", "0123456789a", "0123456789abc", "lgt_zzzzzzzzzzzz", "lgt_é123456789ab",
    ])
    func malformed(argument: String) {
        #expect(AdminTokens.tokenID(fromArgument: argument) == nil)
    }
}
