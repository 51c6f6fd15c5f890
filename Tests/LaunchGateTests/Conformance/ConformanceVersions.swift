@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/versions.json`: how versions and builds read and order.
enum ConformanceVersions {
    struct File: Encodable {
        let about = """
            Version and build strings as the Swift core reads and orders them. "parse": each input, and \
            either its canonical form and parts or the error code it is refused with. "compare": every \
            pair of the listed inputs, with order -1 (a before b), 0 (equal precedence) or 1. Builds \
            are compared on their own, as dotted numbers. See docs/policy-format.md, "Conformance vectors".
            """
        let versions: Section
        let builds: Section
    }

    struct Section: Encodable {
        let parse: [Parse]
        let compare: [Compare]
    }

    struct Parse: Encodable {
        let input: String
        var canonical: String?
        var components: [Int]?
        var prerelease: [String]?
        var build: String?
        var error: String?
    }

    struct Compare: Encodable {
        let a: String
        let b: String
        let order: Int
    }

    /// Inputs that read, in an order that exercises every precedence rule.
    static let versions = [
        "1", "1.0", "1.0.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
        "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0+45", "1.0.3 (6)", "1.0.1", "1.9.0", "1.10.0", "2.0", "2.0.0-beta.2+45",
        " 2.4.1 ", "10.10.5", "2024.11.3",
    ]
    static let badVersions = ["", "   ", "1..2", "1.", ".1", "abc", "1.x", "1.2.3-", "1.0.0-a..b", "1.0.0+", "99999999999999999999",
                              "v2.4", String(repeating: "1", count: 257)]
    static let builds = ["1", "9", "10", "241", "1.4.2", "1.4.10", "1.4", "1.4.0", " 42 "]
    static let badBuilds = ["", "1.", "a1", "1..2", "-1", "99999999999999999999"]

    static func make() -> File {
        File(versions: Section(parse: versions.map(parseVersion) + badVersions.map(parseVersion), compare: pairs(versions) { a, b in
            let (x, y) = (try! AppVersion(parsing: a), try! AppVersion(parsing: b))
            return x < y ? -1 : (x == y ? 0 : 1)
        }), builds: Section(parse: builds.map(parseBuild) + badBuilds.map(parseBuild), compare: pairs(builds) { a, b in
            let (x, y) = (try! BuildNumber(parsing: a), try! BuildNumber(parsing: b))
            return x < y ? -1 : (x == y ? 0 : 1)
        }))
    }

    private static func pairs(_ inputs: [String], _ order: (String, String) -> Int) -> [Compare] {
        inputs.indices.flatMap { i in inputs.indices.dropFirst(i + 1).map { j in Compare(a: inputs[i], b: inputs[j], order: order(inputs[i], inputs[j])) } }
    }

    private static func parseVersion(_ input: String) -> Parse {
        var parse = Parse(input: input)
        do {
            let version = try AppVersion(parsing: input)
            parse.canonical = version.description
            parse.components = version.components
            parse.prerelease = version.prerelease.map(\.description)
            parse.build = version.build?.description
        } catch let error as VersionParseError {
            parse.error = error.code.rawValue
        } catch {
            preconditionFailure("\(error)")
        }
        return parse
    }

    private static func parseBuild(_ input: String) -> Parse {
        var parse = Parse(input: input)
        do {
            let build = try BuildNumber(parsing: input)
            parse.canonical = build.description
            parse.components = build.components
        } catch let error as VersionParseError {
            parse.error = error.code.rawValue
        } catch {
            preconditionFailure("\(error)")
        }
        return parse
    }
}
