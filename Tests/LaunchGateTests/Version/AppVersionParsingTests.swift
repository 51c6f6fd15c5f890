import Testing
@testable import LaunchGate

@Suite("Reading versions as apps ship them")
struct AppVersionParsingTests {
    // MARK: Tests

    @Test("numeric versions of any length parse, and missing parts count as zero", arguments: [
        ("2", [2]), ("2.4", [2, 4]), ("2.4.1", [2, 4, 1]), ("10.10.5", [10, 10, 5]), ("2.4.1.7", [2, 4, 1, 7]),
        ("2022.08.25", [2022, 8, 25]),
    ])
    func numericVersions(text: String, components: [Int]) throws {
        let version = try AppVersion(parsing: text)
        #expect(version.components == components)
        #expect(version.description == components.map(String.init).joined(separator: "."))
    }

    @Test("1.2 equals 1.2.0 and hashes the same")
    func trailingZerosAreEqual() throws {
        let short = try AppVersion(parsing: "1.2")
        let long = try AppVersion(parsing: "1.2.0.0")
        #expect(short == long)
        #expect(Set([short, long]).count == 1)
    }

    @Test("a leading v or =, and surrounding spaces, are accepted", arguments: ["v1.2.3", "V1.2.3", "=1.2.3", "  1.2.3\n", " v1.2.3 "])
    func prefixesAndSpaces(text: String) throws {
        #expect(try AppVersion(parsing: text) == AppVersion([1, 2, 3]))
    }

    @Test("pre-release and build metadata are read into their parts")
    func prereleaseAndMetadata() throws {
        let version = try AppVersion(parsing: "2.0.0-beta.2+45.sha-1")
        #expect(version.components == [2, 0, 0])
        #expect(version.prerelease == [.alphanumeric("beta"), .numeric(2)])
        #expect(version.buildMetadata == ["45", "sha-1"])
        #expect(version.description == "2.0.0-beta.2+45.sha-1")
    }

    @Test("the marketing-plus-build form 1.0.3 (6) carries its build")
    func marketingPlusBuild() throws {
        let version = try AppVersion(parsing: "1.0.3 (6)")
        #expect(version.components == [1, 0, 3])
        #expect(version.build == BuildNumber(6))
        #expect(version == AppVersion([1, 0, 3]))
        #expect(try AppVersion(parsing: "1.0.3(6.1)").build?.components == [6, 1])
    }

    @Test("bad input is a typed error naming the problem, never 0.0.0", arguments: [
        ("", VersionParseError.Code.empty),
        ("   ", .empty),
        ("v", .empty),
        ("1..2", .emptyComponent),
        ("1.2.", .emptyComponent),
        (".1", .emptyComponent),
        ("abc", .notNumeric),
        ("1.x.3", .notNumeric),
        ("-1.0", .notNumeric),
        ("+1.0", .notNumeric),
        ("1.2.3-", .invalidIdentifier),
        ("1.0.0-a..b", .invalidIdentifier),
        ("1.0.0+", .invalidIdentifier),
        ("1.0.0-01", .invalidIdentifier),
        ("1.0.0-é", .invalidIdentifier),
        ("1.0 (abc)", .invalidBuild),
        ("99999999999999999999.0", .outOfRange),
        ("1.0.0-99999999999999999999", .outOfRange),
    ])
    func badInput(text: String, code: VersionParseError.Code) {
        let error = #expect(throws: VersionParseError.self) { try AppVersion(parsing: text) }
        #expect(error?.code == code)
        #expect(error?.description.contains("invalid version") == true)
    }

    @Test("a 10 kB string is refused as too long, and the error quotes only a short prefix")
    func hugeInput() {
        let huge = String(repeating: "1.", count: 5_000) + "1"
        let error = #expect(throws: VersionParseError.self) { try AppVersion(parsing: huge) }
        #expect(error?.code == .tooLong)
        #expect((error?.description.count ?? .max) < 200)
    }

    @Test("a version at the length limit with a build in parentheses parses back from its own description (found by the fuzzer)")
    func longestRoundTrip() throws {
        // 256 bytes written tightly; the description adds a space before "(21)".
        let text = "0." + String(repeating: "9.", count: 124) + "10(21)"
        #expect(text.utf8.count == AppVersion.maximumLength)
        let version = try AppVersion(parsing: text)
        #expect(version.description.utf8.count == AppVersion.maximumLength + 1)
        #expect(try AppVersion(parsing: version.description) == version)
        #expect(throws: VersionParseError.self) { try AppVersion(parsing: text + "1") }
    }

    @Test("versions round-trip through JSON as strings, and bad ones fail decoding with the parser's message")
    func codable() throws {
        let data = try JSONEncoder().encode([AppVersion([1, 10, 0], prerelease: [.alphanumeric("rc"), .numeric(1)])])
        #expect(String(decoding: data, as: UTF8.self) == #"["1.10.0-rc.1"]"#)
        #expect(try JSONDecoder().decode([AppVersion].self, from: data).first?.prerelease.count == 2)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([AppVersion].self, from: Data(#"["1..2"]"#.utf8)) }
    }
}

import Foundation
