import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage

/// `launchgate maintenance start|stop|schedule`: publishes the current policy again with a
/// maintenance window set or removed, as a new revision in the history.
struct Maintenance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a maintenance screen in the apps now, at a time ahead, or no more.",
        discussion: """
        Examples:
          launchgate maintenance start notes --platform ios --message "Back by 04:00 UTC." --end 2026-12-01T04:00:00Z
          launchgate maintenance schedule notes --platform ios --start 2026-12-01T02:00:00Z --end 2026-12-01T04:00:00Z --message "…"
          launchgate maintenance stop notes
        A window is not an update block: the publish guard never asks to confirm one.
        """,
        subcommands: [Start.self, Schedule.self, Stop.self])

    /// What `start` and `schedule` share: the platform, the words and the link.
    struct Window: ParsableArguments {
        @OptionGroup var target: PolicyCommand.Target
        @Option(help: "The platform whose apps show the screen (ios, ipados, macos, tvos, watchos, visionos, android).") var platform: String
        @Option(help: "What users are told: why, and when to come back.") var message: String
        @Option(help: "A status page the screen's button opens (https only).") var url: String?
        @Option(help: "When the screen stops showing (RFC 3339, such as 2026-12-01T04:00:00Z); without it, until 'maintenance stop'.") var end: String?
        @Option(help: "A note for the history.") var note: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("--message must say something") }
            _ = try parsedPlatform()
            _ = try parsedURL()
            _ = try end.map { try Maintenance.date($0, option: "--end") }
        }

        func parsedPlatform() throws -> Platform {
            do { return try Platform(validating: platform) } catch { throw ValidationError("--platform: \(error)") }
        }

        func parsedURL() throws -> URL? {
            guard let url else { return nil }
            guard let parsed = URL(string: url), parsed.scheme != nil else { throw ValidationError("--url: \(url) is not a URL") }
            return parsed
        }

        /// Publishes the window from `start`.
        func publish(from start: Date?) async throws {
            let platform = try parsedPlatform(), url = try parsedURL(), end = try end.map { try Maintenance.date($0, option: "--end") }
            try await Maintenance.publish(target, note: note, database: database) { policy, now in
                let start = start ?? now
                if let end, end <= start {
                    throw ValidationError("--end \(end.formatted(.iso8601)) is not after the start, \(start.formatted(.iso8601))")
                }
                var entry = policy.platforms[platform] ?? PlatformPolicy()
                entry.maintenance = MaintenanceWindow(start: start, end: end, message: message, url: url)
                policy.platforms[platform] = entry
                let until = end.map { " until \($0.formatted(.iso8601))" } ?? " until stopped"
                return "maintenance on \(platform.rawValue) from \(start.formatted(.iso8601))\(until)"
            }
        }
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the maintenance screen from now.")
        @OptionGroup var window: Window

        func run() async throws { try await window.publish(from: nil) }
    }

    struct Schedule: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a maintenance window ahead: apps show it at its start, offline included.")
        @OptionGroup var window: Window
        @Option(help: "When the screen starts to show (RFC 3339, such as 2026-12-01T02:00:00Z).") var start: String

        func validate() throws {
            let start = try Maintenance.date(start, option: "--start")
            if let end = try window.end.map({ try Maintenance.date($0, option: "--end") }), end <= start {
                throw ValidationError("--end must be after --start")
            }
        }

        func run() async throws { try await window.publish(from: try Maintenance.date(start, option: "--start")) }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the maintenance window, so apps open again at their next check.")
        @OptionGroup var target: PolicyCommand.Target
        @Option(help: "Only this platform's window; every platform's by default.") var platform: String?
        @Option(help: "A note for the history.") var note: String?
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await Maintenance.clear(target, platform: platform, note: note, database: database, what: "maintenance window",
                                        isSet: { $0.maintenance != nil }, clear: { $0.maintenance = nil }, done: "maintenance stopped")
        }
    }

    /// Publishes the policy with a platform setting removed from `platform` (every platform that
    /// has it when `nil`): `maintenance stop` and `os-notice clear` differ only in which setting.
    /// - Throws: `ValidationError` when no platform has it.
    static func clear(_ target: PolicyCommand.Target, platform: String?, note: String?, database: DatabaseOptions, what: String,
                      isSet: (PlatformPolicy) -> Bool, clear: (inout PlatformPolicy) -> Void, done: String) async throws {
        let only: Platform?
        do { only = try platform.map { try Platform(validating: $0) } } catch { throw ValidationError("--platform: \(error)") }
        try await publish(target, note: note, database: database) { policy, _ in
            let platforms = policy.platforms.filter { isSet($0.value) && (only == nil || $0.key == only) }.keys
            guard !platforms.isEmpty else { throw ValidationError("no \(what) is set\(only.map { " on \($0.rawValue)" } ?? "")") }
            for platform in platforms {
                if var entry = policy.platforms[platform] {
                    clear(&entry)
                    policy.platforms[platform] = entry
                }
            }
            return "\(done) on \(platforms.map(\.rawValue).sorted().joined(separator: ", "))"
        }
    }

    /// Changes the current policy and publishes it as a new revision, with the change's summary as
    /// the history's note unless one is given. A window blocks nothing by version, so the publish
    /// guard has nothing to confirm.
    static func publish(_ target: PolicyCommand.Target, note: String?, database: DatabaseOptions,
                                change: (inout UpdatePolicy, Date) throws -> String) async throws {
        let channel = try target.releaseChannel()
        try await database.withComponents { components in
            var policy: UpdatePolicy
            do { policy = try await components.policies.current(app: target.app, channel: channel).1 } catch let error as ServiceError
                where error == .noPolicy(target.app, channel: channel) {
                throw ValidationError("\(target.app) has no \(channel.rawValue) policy yet; publish one first with 'launchgate policy publish'")
            }
            let summary = try change(&policy, components.now())
            let revision: PolicyRevision
            do {
                (revision, _) = try await components.adoption.publish(policy, app: target.app, channel: channel, author: "cli",
                                                                     note: note ?? summary, confirmed: false)
            } catch { throw ImpactOutput.refusal(error, .publish) }
            print("published \(target.app) \(channel.rawValue) revision \(revision.number): \(summary)")
        }
    }

    /// Reads an RFC 3339 time, with or without fractional seconds.
    static func date(_ text: String, option: String) throws -> Date {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw ValidationError("\(option): \"\(text)\" is not an RFC 3339 time such as 2026-12-01T04:00:00Z")
    }
}
