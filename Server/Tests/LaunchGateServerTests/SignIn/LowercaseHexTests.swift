import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Hex for hashes, tokens and IDs")
struct LowercaseHexTests {
    @Test("bytes print as lowercase hex, two digits each, and a SHA-256 matches its published test vector")
    func lowercaseHex() {
        #expect([UInt8]([0x00, 0x0F, 0xF0, 0xFF, 0x5A]).lowercaseHex == "000ff0ff5a")
        #expect([UInt8]().lowercaseHex == "")
        #expect(SignInTokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
