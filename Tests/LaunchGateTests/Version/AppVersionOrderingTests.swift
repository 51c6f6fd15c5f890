import Testing
@testable import LaunchGate

@Suite("Ordering versions by SemVer 2.0.0 precedence")
struct AppVersionOrderingTests {
    private func v(_ text: String) throws -> AppVersion { try AppVersion(parsing: text) }

    // MARK: Tests

    @Test("SemVer §11.2: 1.0.0 < 2.0.0 < 2.1.0 < 2.1.1")
    func numericPrecedence() throws {
        try expectAscending(["1.0.0", "2.0.0", "2.1.0", "2.1.1"])
    }

    @Test("SemVer §11.3: 1.0.0-alpha < 1.0.0")
    func prereleaseBelowRelease() throws {
        #expect(try v("1.0.0-alpha") < v("1.0.0"))
    }

    @Test("SemVer §11.4: alpha < alpha.1 < alpha.beta < beta < beta.2 < beta.11 < rc.1 < 1.0.0")
    func prereleaseIdentifiers() throws {
        try expectAscending([
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
            "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
        ])
    }

    @Test("VersionLockout's bug: 1.10.0 is newer than 1.9.0, not older")
    func numbersNotText() throws {
        #expect(try v("1.10.0") > v("1.9.0"))
        #expect(try v("1.10") > v("1.9.9"))
        #expect(try v("10.10.5") > v("9.99.99"))
    }

    @Test("alphanumeric identifiers compare in ASCII order, so uppercase sorts before lowercase")
    func asciiOrder() throws {
        #expect(try v("1.0.0-Beta") < v("1.0.0-alpha"))
        #expect(try v("1.0.0-a-b") < v("1.0.0-a1"))
    }

    @Test("build metadata and the parenthesized build do not count for precedence")
    func metadataIgnored() throws {
        #expect(try v("1.0.0+20130313144700") == v("1.0.0+exp.sha.5114f85"))
        #expect(try !(v("1.0.0+1") < v("1.0.0+2")))
        #expect(try v("1.0.3 (6)") == v("1.0.3 (7)"))
    }

    @Test("extra components compare too: 2.4.1.7 > 2.4.1 and 2.4.1.0 == 2.4.1")
    func fourComponents() throws {
        #expect(try v("2.4.1.7") > v("2.4.1"))
        #expect(try v("2.4.1.0") == v("2.4.1"))
        #expect(try v("2.4.1-beta") < v("2.4.1.0"))
    }

    @Test("builds compare as dotted numbers, separately from versions")
    func buildNumbers() throws {
        #expect(try BuildNumber(parsing: "10") > BuildNumber(parsing: "9"))
        #expect(try BuildNumber(parsing: "1.10") > BuildNumber(parsing: "1.9.9"))
        #expect(try BuildNumber(parsing: "12") == BuildNumber(parsing: "12.0"))
        #expect(throws: VersionParseError.self) { try BuildNumber(parsing: "12a") }
        #expect(throws: VersionParseError.self) { try BuildNumber(parsing: "") }
    }

    private func expectAscending(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let versions = try texts.map(v)
        for (lower, higher) in zip(versions, versions.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)", sourceLocation: sourceLocation)
            #expect(!(higher < lower), sourceLocation: sourceLocation)
            #expect(lower != higher, sourceLocation: sourceLocation)
        }
        #expect(versions.shuffled().sorted().map(\.description) == versions.map(\.description), sourceLocation: sourceLocation)
    }
}
