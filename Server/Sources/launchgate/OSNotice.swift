import ArgumentParser
import Foundation
import LaunchGate

/// `launchgate os-notice set|clear`: publishes the current policy again with a notice that an OS
/// version loses support on a date (`osSupportEnds`) set or removed, as a new revision, as
/// `launchgate maintenance` does for a window.
struct OSNotice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "os-notice",
        abstract: "Tell devices below an OS version that it loses support on a date, or stop telling them.",
        discussion: """
        Examples:
          launchgate os-notice set notes --platform ios --below 17 --after 2027-03-01
          launchgate os-notice set notes --platform ios --below 17 --after 2027-03-01 --message "Update to iOS 17 to keep syncing."
          launchgate os-notice clear notes --platform ios
        Devices below --below see a dismissable banner until the UTC day --after ends. After it nothing shows:
        raise the minimum OS for the device-unsupported rule to apply. A notice blocks nothing, so the
        publish guard never asks to confirm one.
        """,
        subcommands: [SetNotice.self, Clear.self])

    struct SetNotice: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Publish the notice for one platform.")
        @OptionGroup var target: PolicyCommand.Target
        @Option(help: "The platform (ios, ipados, macos, tvos, watchos, visionos, android).") var platform: String
        @Option(help: "The first OS version that stays supported; devices below it see the notice (such as 17 or 17.4).") var below: String
        @Option(help: "The last UTC day the older versions are supported (such as 2027-03-01).") var after: String
        @Option(help: "The banner's message, instead of the SDK's localized one.") var message: String?
        @Option(help: "The language the message is in (default en).") var language: String = "en"
        @Option(help: "A note for the history.") var note: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            _ = try parsed()
            if let message, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("--message must say something") }
        }

        private func parsed() throws -> (Platform, AppVersion, Date) {
            let platform: Platform
            do { platform = try Platform(validating: self.platform) } catch { throw ValidationError("--platform: \(error)") }
            let below: AppVersion
            do { below = try AppVersion(parsing: self.below) } catch { throw ValidationError("--below: \(error)") }
            return (platform, below, try OSNotice.day(after))
        }

        func run() async throws {
            let (platform, below, after) = try parsed()
            try await Maintenance.publish(target, note: note, database: database) { policy, _ in
                var entry = policy.platforms[platform] ?? PlatformPolicy()
                entry.osSupportEnds = OSSupportEnd(below: below, after: after)
                if let message {
                    var texts = entry.texts[language] ?? ScreenTexts()
                    texts.osSupportEnding = ScreenText(title: texts.osSupportEnding?.title, message: message)
                    entry.texts[language] = texts
                }
                policy.platforms[platform] = entry
                return "OS notice on \(platform.rawValue): below \(below) supported until \(OSNotice.dayText(after))"
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the notice, and its messages, so devices stop seeing it at their next check.")
        @OptionGroup var target: PolicyCommand.Target
        @Option(help: "Only this platform's notice; every platform's by default.") var platform: String?
        @Option(help: "A note for the history.") var note: String?
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await Maintenance.clear(target, platform: platform, note: note, database: database, what: "OS notice",
                                        isSet: { $0.osSupportEnds != nil }, clear: OSNotice.clear, done: "OS notice cleared")
        }
    }

    /// Removes a platform's notice and its messages; a language left with no text at all goes,
    /// rather than stay as an empty object.
    static func clear(_ entry: inout PlatformPolicy) {
        entry.osSupportEnds = nil
        for language in entry.texts.keys.map({ $0 }) {
            entry.texts[language]?.osSupportEnding = nil
            if entry.texts[language] == ScreenTexts() { entry.texts[language] = nil }
        }
    }

    /// Reads a UTC calendar day such as 2027-03-01.
    static func day(_ text: String) throws -> Date {
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day()
        guard let date = try? style.parse(text), dayText(date) == text else {
            throw ValidationError("--after: \"\(text.prefix(40))\" is not a day such as 2027-03-01")
        }
        return date
    }

    static func dayText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day())
    }
}
