import ArgumentParser
import LaunchGate

/// `launchgate version compare A B`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Work with version strings.", subcommands: [Compare.self])

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print <, = or > for two versions, by SemVer precedence (1.10 > 1.9).")
        @Argument var first: String
        @Argument var second: String

        func run() throws {
            let parse = { (text: String) throws -> AppVersion in
                do { return try AppVersion(parsing: text) } catch { throw ValidationError("\(error)") }
            }
            let (a, b) = (try parse(first), try parse(second))
            print(a < b ? "<" : a > b ? ">" : "=")
        }
    }
}
