import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAppStore
import LaunchGateServer
import LaunchGateStorage

/// `launchgate appstore link|unlink|status|sync`: a platform's `latest`, notes, store URL, minimum
/// OS and per-storefront versions follow what the App Store serves, polled by `serve`.
struct AppStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appstore",
        abstract: "Let a platform's policy follow what the App Store serves in each storefront, and Apple's phased release.",
        discussion: """
        Examples:
          launchgate appstore link notes --platform ios --bundle-id com.example.notes --storefronts us,fr,jp
          launchgate appstore link notes --platform ios --apple-id 1234567890 --storefronts us --pin notes,updateURL
          launchgate appstore status notes
          launchgate appstore sync notes --platform ios
          launchgate appstore unlink notes --platform ios
          launchgate appstore credentials set notes --issuer-id … --key-id … --private-key-file AuthKey.p8
        `serve` polls linked apps every 15 minutes; a change is published as a revision with the reason "App Store",
        through the publish guard.
        """,
        subcommands: [Link.self, Unlink.self, Status.self, Sync.self, AppStoreCredentials.self])

    /// The app and platform, shared by every subcommand but status.
    struct Target: ParsableArguments {
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "The platform (ios, ipados, macos, tvos, watchos, visionos).") var platform: String

        func validate() throws { _ = try parsedPlatform() }

        func parsedPlatform() throws -> Platform {
            do { return try Platform(validating: platform) } catch { throw ValidationError("--platform: \(error)") }
        }
    }

    struct Link: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Link a platform to its App Store app; the first poll is due at once.")
        @OptionGroup var target: Target
        @Option(help: "The App Store app's bundle ID.") var bundleId: String?
        @Option(help: "The App Store app's Apple ID (the digits in its App Store URL).") var appleId: String?
        @Option(help: "Storefronts to poll, comma-separated ISO 3166-1 alpha-2 codes (us,fr,jp), at most 50.") var storefronts: String
        @Option(help: "Fields to leave as published, comma-separated: latest, notes, updateURL, minimumOS.") var pin: [String] = []
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            do {
                _ = try AppStoreIdentity.parse(bundleID: bundleId, appleID: appleId)
                _ = try AppStoreStorefronts.parse([storefronts])
                _ = try AppStoreLinkService.pins(pin)
            } catch let error as AppStoreLinkError { throw ValidationError(error.message) }
        }

        func run() async throws {
            let identity = try AppStoreIdentity.parse(bundleID: bundleId, appleID: appleId)
            let pins = try AppStoreLinkService.pins(pin)
            try await database.withComponents { components in
                let link = try await components.appStoreLinkService.link(app: target.app, platform: try target.parsedPlatform(), identity: identity,
                                                                         storefronts: [storefronts], pins: pins)
                let pinned = link.pins.isEmpty ? "" : "; pinned: \(link.pins.map(\.rawValue).sorted().joined(separator: ", "))"
                print("linked \(link.app) on \(link.platform) to \(link.identity.description) in \(link.storefronts.joined(separator: ", "))\(pinned); "
                      + "'serve' polls it at once, or run 'launchgate appstore sync \(link.app) --platform \(link.platform)'")
            }
        }
    }

    struct Unlink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop following the App Store: withdraw the per-storefront versions (through the publish guard); the rest stays as published.")
        @OptionGroup var target: Target
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            // Unlinking publishes a revision without `storefronts`, signed like any other.
            try await database.withComponents(checkMasterKey: true) { components in
                let withdrew = try await components.appStoreLinkService.unlink(app: target.app, platform: try target.parsedPlatform())
                // Only when there were some (attack s15b, 8).
                print(withdrew ? "unlinked \(target.app) on \(target.platform); its per-storefront versions were withdrawn, the rest of its policy stays as published"
                      : "unlinked \(target.app) on \(target.platform); it had no per-storefront versions published, and its policy stays as published")
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Each linked storefront's version, its last answer, when and its last error, the answer last ignored; the link's last success, last error (a refused publish, a paced sync), failures in a row, next poll and Apple's phased release.")
        @Argument(help: "The app's ID.") var app: String
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                let links = try await components.appStoreLinkService.links(app: app)
                var table = Listing("Platform", "Storefront", "Version served", "Last answer", "Answered at", "Last error", "Ignored answer",
                                    "Link last success", "Link last error", "Failures", "Next poll", "Phased release", "Trusted version", "Newest since")
                for link in links {
                    for storefront in link.storefronts {
                        // Each storefront's row shows its own ignored answers.
                        let ignored = link.status.ignoredAnswers.filter { $0.storefront == storefront }
                            .map { $0.why(app: link.app, platform: link.platform) }.joined(separator: "; ")
                        // The storefront's own answer and error (attack s14, 10); the link's last success and error (a refused
                        // publish, a paced sync: review s15, M2), failures, next poll and phase are the link's.
                        let own = link.status.storefronts[storefront]
                        table.append(link.platform.rawValue, storefront, link.served[storefront]?.description ?? "-",
                                     own?.answer { $0.formatted(.iso8601) } ?? "not asked yet", own?.lastAnswerAt?.formatted(.iso8601) ?? "never", own?.lastError ?? "", ignored,
                                     link.status.lastSuccessAt?.formatted(.iso8601) ?? "never", link.status.lastError ?? "",
                                     String(link.status.failures), link.status.nextPollAt.formatted(.iso8601), link.status.phasedRelease ?? "not checked",
                                     link.status.trustedVersion?.description ?? "none yet", link.status.newestMinorLine { $0.formatted(.iso8601) } ?? "-")
                    }
                }
                table.print(listing.format, empty: "\(app) is not linked to the App Store; link it with "
                            + "'launchgate appstore link \(app) --platform ios --bundle-id ID --storefronts us'")
            }
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Poll a linked platform now and publish what changed.",
                                                        discussion: "The poll follows serve's rules: a few storefronts at once, paced, and done within 60 seconds; storefronts not reached are listed and polled first next time. It prints what the storefronts that answered serve, and exits non-zero with the reasons when any storefront failed or wasn't reached, or the publish was refused.")
        @OptionGroup var target: Target
        @Flag(help: "Take each storefront's answer even when lower than before (after a release was pulled) or a held jump (more than 5 major versions, or a far minor, past the trusted version), and trust it.") var reset = false
        @Option(help: "Accept this version, held as too big a jump or below the published latest: take the storefronts' answers of exactly it and trust it, keeping every other storefront's floor (unlike --reset). Fails, changing nothing, when no storefront answers it in this sync. Not with --reset.")
        var accept: String?
        @Option(help: "The iTunes lookup's base URL (https; http only to a loopback host with --appstore-allow-loopback-http). Env: LAUNCHGATE_APPSTORE_LOOKUP_URL.")
        var appstoreLookupUrl: String?
        @Option(help: "Seconds between polls of an App Store link, as serve's: the next poll after this one is set from it (default 900, at least 60). Env: LAUNCHGATE_APPSTORE_POLL_INTERVAL.")
        var appstorePollInterval: Int?
        @OptionGroup var loopback: AppStoreLoopbackOption
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            // A reset trusts the newest served and drops the floors: with --accept it would do neither as asked (review s16, P4).
            if reset, accept != nil { throw ValidationError("--reset and --accept can't be combined: accept a version, or reset to what the storefronts serve") }
        }

        func run() async throws {
            let base = try AppStoreCommand.lookupURL(appstoreLookupUrl, allowLoopbackHTTP: try loopback.allowed())
            let poller = try AppStoreCommand.pollerConfiguration(appstorePollInterval)
            let accept = try self.accept.map { text in
                do { return try AppVersion(parsing: text) } catch { throw ValidationError("--accept: '\(text.prefix(40))' is not a version such as 2.5.0") }
            }
            try await database.withComponents(checkMasterKey: true) { components in
                // The CLI doesn't follow Apple's phased release (connectURL nil): serve's poller does, with its App Store Connect URL.
                let platform = try target.parsedPlatform()
                let report = try await components.syncAppStore(app: target.app, platform: platform, reset: reset, lookupURL: base,
                                                               connectURL: nil, configuration: poller, logger: DatabaseOptions.quietLogger, accept: accept)
                // Only the answers that weren't ignored say what the policy now follows.
                let ignored = Set(report.ignored.map(\.storefront))
                let answered = report.answered.filter { !ignored.contains($0.key) }.sorted { $0.key < $1.key }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                switch report.outcome {
                // With every answer ignored there is nothing it "already says": only the notes and errors below (attack s15, 10).
                case .unchanged where answered.isEmpty: print("\(target.app) on \(target.platform): no answer taken, nothing changed")
                case .unchanged: print("\(target.app) on \(target.platform) already says what the App Store serves (\(answered))")
                case .published: print("published what the App Store serves: \(answered)")
                case .raced: print("another publish came first; run sync again")
                case .refused(let reason): throw AppStoreSyncFailure(message: (["publish refused: \(reason)"] + report.problems).joined(separator: "\n"))
                case .failed(let errors): throw AppStoreSyncFailure(message: errors.joined(separator: "\n"))
                // Not an error: nothing was asked, and nothing counted as a failure (attack s14, 9).
                case .paced: throw AppStoreSyncFailure(message: (["paced: no storefront asked; run sync again in a minute"] + report.problems).joined(separator: "\n"))
                }
                for storefront in report.withdrawn {
                    print("withdrawn from storefronts: \(storefront) (no such app in \(AppStorePoller.withdrawAfterMissingPolls) polls over \(Int(AppStorePoller.withdrawAfterMissingFor / 3600)) hours); it returns when it finds the app again")
                }
                // What answered was applied (and printed above); a script still learns that some storefront didn't.
                // A stale answer is the CDN's to correct, and an implausible one no reset takes: both only
                // noted (review s15, M10). A held one waits for the operator, so the sync isn't done (attack s14, 4).
                // One line per version and reason, with its storefronts, not one per storefront (attack s15, 10).
                for line in report.ignored.filter({ !$0.waitsForOperator }).groupedLines(app: target.app, platform: platform) { print("note: \(line)") }
                let left = report.implausible.groupedLines(app: target.app, platform: platform).map { "ignored, accepted only with --accept VERSION (or --reset): \($0)" } + report.problems
                if !left.isEmpty { throw AppStoreSyncFailure(message: left.joined(separator: "\n")) }
            }
        }
    }

    /// The poller's configuration as serve has it: the interval from the flag or LAUNCHGATE_APPSTORE_POLL_INTERVAL, the rest the defaults.
    static func pollerConfiguration(_ flag: Int?) throws -> AppStorePollerConfiguration {
        var configuration = AppStorePollerConfiguration()
        if let seconds = try EnvironmentOption.value(flag, flag: "appstore-poll-interval", EnvironmentOption.within(60...86_400)) {
            configuration.interval = .seconds(seconds)
        }
        return configuration
    }

    /// The lookup URL from the flag or LAUNCHGATE_APPSTORE_LOOKUP_URL, checked.
    /// - Parameter allowLoopbackHTTP: `--appstore-allow-loopback-http`: plain http to a loopback host (a test's fake).
    static func lookupURL(_ flag: String?, allowLoopbackHTTP: Bool) throws -> URL {
        // The variable is checked even beside the flag, as every serve variable is (EnvironmentOption).
        func checked(_ text: String, _ name: String) throws -> URL {
            do { return try AppStoreLookupURL.parse(text, allowLoopbackHTTP: allowLoopbackHTTP) } catch let error as AppStoreLinkError { throw ValidationError("\(name): \(error.message)") }
        }
        let variable = try ProcessInfo.processInfo.environment["LAUNCHGATE_APPSTORE_LOOKUP_URL"].map { try checked($0, "LAUNCHGATE_APPSTORE_LOOKUP_URL") }
        return try flag.map { try checked($0, "--appstore-lookup-url") } ?? variable ?? AppStoreLookupClient.defaultBaseURL
    }
}

/// A sync whose poll failed or was refused: the status says why, and the exit code is non-zero.
struct AppStoreSyncFailure: LaunchGateFailure {
    let message: String
    var code: String { "appstore-sync-failed" }
    var kind: FailureKind { .unavailable }
}
