import ArgumentParser
import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateServer
import LaunchGateStorage

/// `launchgate check`: what an installed version would see.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a version against a policy URL or file, and print the decision and the screen text.",
        discussion: "Example: launchgate check --url 'http://localhost:8080/v1/apps/demo/policy?platform=ios' --version 1.9.0")

    @Option(help: "A policy URL, fetched as the SDK fetches it.") var url: String?
    @Option(help: "A policy file, in any format LaunchGate reads.") var file: String?
    @Option(help: "The installed version.") var version: String
    @Option(help: "The installed build.") var build: String?
    @Option(help: "The platform.") var platform: String = "ios"
    @Option(help: "The OS version.") var os: String?
    @Option(help: "A public key the policy must be signed with (ed25519:…).") var key: String?

    func validate() throws {
        guard (url == nil) != (file == nil) else { throw ValidationError("give exactly one of --url or --file") }
    }

    func run() async throws {
        let app: AppInfo
        let pinned: [PolicyPublicKey]
        do {
            app = AppInfo(version: try AppVersion(parsing: version), build: try build.map { try BuildNumber(parsing: $0) },
                          platform: try Platform(validating: platform), osVersion: try os.map { try AppVersion(parsing: $0) })
            pinned = try key.map { [try PolicyPublicKey($0)] } ?? []
        } catch { throw ValidationError("\(error)") }
        let policy: UpdatePolicy
        if let file {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch { throw ValidationError("can't read \(file): \(error.localizedDescription)") }
            policy = try PolicyReader.read(data, platform: app.platform)
        } else {
            guard let string = url, let url = URL(string: string), url.scheme != nil else { throw ValidationError("--url is not a URL") }
            let fetcher = PolicyFetcher(source: PolicySource(url: url, publicKeys: pinned), app: app, installID: "launchgate-cli",
                                        transport: URLSessionTransport(), cache: PolicyCache(store: MemoryStore()))
            switch await fetcher.fetch() {
            case .updated(let fetched), .notModified(let fetched): policy = fetched
            case .failed(let error): throw error
            }
        }
        let decision = UpdateEvaluator().evaluate(policy, for: EvaluationContext(
            version: app.version, build: app.build, platform: app.platform, osVersion: app.osVersion, installID: "launchgate-cli", now: Date()))
        print(Self.describe(decision, platform: app.platform))
    }

    static func describe(_ decision: UpdateDecision, platform: Platform) -> String {
        guard let prompt = decision.prompt else { return "decision: upToDate" }
        let style: GateScreen.Style = decision.isBlocking ? .blocking : prompt.kind == .updateRecommended ? .fullScreen : .dialog
        let screen = GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: prompt.updateURL != nil)
        var lines = ["decision: \(prompt.kind.rawValue)\(decision.isBlocking ? " (blocking)" : "")"]
        if let target = prompt.targetVersion { lines.append("target:   \(target)") }
        lines.append(field("title:    ", screen.title))
        lines.append(field("message:  ", screen.message))
        if let notes = screen.releaseNotes { lines.append(field("notes:    ", notes)) }
        if let action = screen.primaryAction { lines.append(field("button:   ", action.title) + (prompt.updateURL.map { " → \($0.absoluteString)" } ?? "")) }
        if let action = screen.secondaryAction { lines.append(field("button:   ", action.title)) }
        return lines.joined(separator: "\n")
    }

    /// One labelled field of a policy's text. The policy comes from anywhere (`--url`), so an ESC in
    /// it could rewrite the terminal: each line is made printable, and a line break in release notes
    /// goes on under the label instead of starting a line that reads as another field.
    static func field(_ label: String, _ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().map { index, line in
            (index == 0 ? label : String(repeating: " ", count: label.count)) + TerminalText.printable(line)
        }.joined(separator: "\n")
    }
}
