import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("If-None-Match against a strong ETag")
struct EntityTagTests {
    private let etag = "\"abc\""

    @Test("the tag, its weak form, a star, or any of a list match", arguments: [
        "\"abc\"", "W/\"abc\"", "*", "\"x\", \"abc\"", "\"x\",W/\"abc\"", " \t\"abc\" ", "\"x\", *",
    ])
    func matches(header: String) {
        #expect(EntityTag.matches(header, etag: etag))
    }

    @Test("other tags, partial tags, unquoted tags and empty values do not", arguments: [
        "\"abd\"", "\"ab\"", "abc", "w/\"abc\"", "W/", "", ",", "\"abc\"x", "**", "\"x\", \"y\"",
    ])
    func mismatches(header: String) {
        #expect(!EntityTag.matches(header, etag: etag))
    }
}
