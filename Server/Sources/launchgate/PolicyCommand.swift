import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `launchgate policy publish|show|history|rollback`.
struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy", abstract: "Publish, inspect and roll back policies.",
        subcommands: [Publish.self, Show.self, History.self, Rollback.self])

    struct Target: ParsableArguments {
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "production or beta.") var channel: String = "production"

        func releaseChannel() throws -> ReleaseChannel {
            guard let channel = ReleaseChannel(rawValue: channel) else { throw ValidationError("channel must be production or beta") }
            return channel
        }
    }

    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a new revision, from a JSON file or by changing the current policy with flags.",
            discussion: "Examples:\n  launchgate policy publish notes --file policy.json\n  launchgate policy publish notes --platform ios --required 2.0.0 --latest 2.4.1")
        @OptionGroup var target: Target
        @Option(help: "A canonical policy document (see docs/policy-format.md).") var file: String?
        @Option(help: "With flags: the platform to change.") var platform: String = "ios"
        @Option(help: "The minimum supported version.") var required: String?
        @Option(help: "The latest version.") var latest: String?
        @Option(help: "The latest build.") var latestBuild: String?
        @Option(help: "The recommended minimum version.") var recommended: String?
        @Option(help: "Where \"Update Now\" goes (https, itms-apps or itms-beta); a required update needs one.") var url: String?
        @Option(help: "Release notes of the latest version.") var notes: String?
        @Option(help: "A note for the history.") var note: String?
        @Flag(help: "Publish nothing; print how many active installs would see each outcome.") var dryRun = false
        @Flag(help: "Publish even when it newly blocks more than the guard's share of a platform's active installs (default 20 %).") var confirm = false
        @Option(help: "A publish that newly blocks (or leaves blocked) more than this percentage of a platform's active installs needs --confirm (default 20). Env: LAUNCHGATE_PUBLISH_GUARD.")
        var publishGuard: DecimalNumber?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            let flags = [required, latest, latestBuild, recommended, url, notes].contains { $0 != nil }
            if file != nil && flags { throw ValidationError("give either --file or flags such as --required, not both") }
            if file == nil && !flags { throw ValidationError("give --file or at least one of --required, --latest, --latest-build, --recommended, --url, --notes") }
        }

        func run() async throws {
            let channel = try target.releaseChannel()
            var adoption = try AdoptionOptions.parse([]).apply(to: AdoptionConfiguration())
            if let share = try AdoptionOptions.guardShare(publishGuard) { adoption.publishGuardShare = share }
            try await database.withComponents(adoption: adoption) { components in
                let policy: UpdatePolicy
                if let file { policy = try Self.read(file) } else { policy = try await edited(components, channel: channel) }
                if dryRun {
                    print(ImpactOutput.render(try await components.adoption.impact(of: policy, app: target.app, channel: channel)))
                    return
                }
                let revision: PolicyRevision, impact: PolicyImpact
                do {
                    (revision, impact) = try await components.adoption.publish(policy, app: target.app, channel: channel, author: "cli",
                                                                               note: note, confirmed: confirm)
                } catch { throw ImpactOutput.refusal(error, .publish) }
                print("published \(target.app) \(channel.rawValue) revision \(revision.number)")
                if let words = ImpactOutput.published(impact) { print(words) }
            }
        }

        private static func read(_ path: String) throws -> UpdatePolicy {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw ValidationError("can't read \(path): \(error.localizedDescription)") }
            do { return try UpdatePolicy(json: data) } catch { throw ValidationError("\(path): \(error)") }
        }

        private func edited(_ components: ServerComponents, channel: ReleaseChannel) async throws -> UpdatePolicy {
            let platform: Platform
            do { platform = try Platform(validating: self.platform) } catch { throw ValidationError("\(error)") }
            // Start fresh only when there is no policy yet; any other failure must not lead to a
            // publish that silently drops the other platforms' settings.
            var policy: UpdatePolicy
            do { policy = try await components.policies.current(app: target.app, channel: channel).1 } catch let error as ServiceError where error == .noPolicy(target.app, channel: channel) {
                policy = UpdatePolicy()
            }
            var entry = policy.platforms[platform] ?? PlatformPolicy()
            func version(_ text: String?) throws -> AppVersion? {
                do { return try text.map { try AppVersion(parsing: $0) } } catch { throw ValidationError("\(error)") }
            }
            if let required = try version(required) {
                // A required build only breaks a tie within its own version: kept for another
                // version, 2.0.0's build 200 would go on blocking every 1.9.0 build below it.
                let build = entry.required?.version == required ? entry.required?.build : nil
                entry.required = VersionRequirement(version: required, build: build)
            }
            if let recommended = try version(recommended) { entry.recommended = VersionRequirement(version: recommended) }
            if latest != nil || latestBuild != nil || notes != nil {
                var release = entry.latest ?? Release()
                if let version = try version(latest) {
                    // A new version starts a new release: the old build and date belong to the old one.
                    release.setVersion(version, at: components.now())
                }
                if let latestBuild {
                    do { release.build = try BuildNumber(parsing: latestBuild) } catch { throw ValidationError("\(error)") }
                }
                if let notes { release.notes = notes }
                entry.latest = release
            }
            if let url {
                guard let parsed = URL(string: url) else { throw ValidationError("\(url) is not a URL") }
                entry.updateURL = parsed
            }
            policy.platforms[platform] = entry
            return policy
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the current policy document: indented on a terminal; as served, byte for byte, with --json or into a pipe.")
        @OptionGroup var target: Target
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                let (revision, _) = try await components.policies.current(app: target.app, channel: try target.releaseChannel())
                // The compact bytes are the signed ones, which a script may check against the signature.
                // On a terminal, a person reads it: notes may hold a bidi override or an ESC, which
                // would show the text reversed or rewrite the screen, so those are printed escaped.
                let onTerminal = isatty(STDOUT_FILENO) == 1
                let text: String
                if listing.format == .table, let object = try? JSONSerialization.jsonObject(with: revision.document),
                   let indented = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) {
                    text = String(decoding: indented, as: UTF8.self)
                } else {
                    text = String(decoding: revision.document, as: UTF8.self)
                }
                print(onTerminal ? TerminalText.escapingJSON(text) : text)
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List revisions, newest first.")
        @OptionGroup var target: Target
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                let revisions = try await components.policies.history(app: target.app, channel: try target.releaseChannel())
                // Authors and notes come from tokens' names and people's notes; older rows may hold controls.
                var table = Listing("Revision", "Published", "Author", "Note")
                for revision in revisions {
                    table.append(String(revision.number), revision.issuedAt.formatted(.iso8601), revision.author, revision.note ?? "")
                }
                table.print(listing.format, empty: "no revisions yet")
            }
        }
    }

    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Publish an earlier revision again, as a new revision.")
        @OptionGroup var target: Target
        @Option(help: "The revision number to go back to.") var to: Int
        @Flag(help: "Roll back even when it blocks more than the guard's share of a platform's active installs (default 20 %).") var confirm = false
        @Option(help: "A rollback that blocks more than this percentage of a platform's active installs needs --confirm (default 20). Env: LAUNCHGATE_PUBLISH_GUARD.")
        var publishGuard: DecimalNumber?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard to >= 1 else { throw ValidationError("--to must be a revision number, 1 or more") }
        }

        func run() async throws {
            var adoption = try AdoptionOptions.parse([]).apply(to: AdoptionConfiguration())
            if let share = try AdoptionOptions.guardShare(publishGuard) { adoption.publishGuardShare = share }
            try await database.withComponents(adoption: adoption) { components in
                let revision: PolicyRevision, impact: PolicyImpact
                do {
                    (revision, impact) = try await components.adoption.rollback(app: target.app, channel: try target.releaseChannel(), to: to,
                                                                                author: "cli", confirmed: confirm)
                } catch { throw ImpactOutput.refusal(error, .rollback) }
                print("published revision \(revision.number) with the contents of revision \(to)")
                if let words = ImpactOutput.published(impact) { print(words) }
            }
        }
    }
}
