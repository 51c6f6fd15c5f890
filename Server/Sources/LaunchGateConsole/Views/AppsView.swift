import LaunchGate
import LaunchGateStorage

/// The apps page: every app (or one), with its current policy per channel and platform.
struct AppsView: ConsoleView {
    package struct App: ConsoleView {
        package let id: String
        package let name: String
        package let channels: [Channel]
    }

    package struct Channel: ConsoleView {
        package let channel: String
        /// The served revision; `nil` before the first publish on the channel.
        package let current: Current?
    }

    /// A channel's served revision and what it says per platform.
    package struct Current: ConsoleView {
        package let number: Int
        package let author: String
        package let date: String
        package let platforms: [PlatformRow]

        package init(_ revision: PolicyRevision, _ policy: UpdatePolicy) {
            (number, author, date) = (revision.number, revision.author, ConsoleFigures.date(revision.issuedAt))
            // In the SDK's order of platforms (iOS first), the same on every page and every load.
            platforms = policy.platformsInOrder.map { PlatformRow($0.platform, $0.entry) }
        }
    }

    /// One platform's gates as the table shows them, "—" where there is none.
    package struct PlatformRow: ConsoleView {
        package let platform: String
        package let latest: String
        package let recommended: String
        package let required: String
        package let blocked: String
        package let endOfLife: String

        package init(_ platform: Platform, _ entry: PlatformPolicy) {
            func gate(_ requirement: VersionRequirement?) -> String {
                guard let requirement else { return "—" }
                return [requirement.version?.description, requirement.build.map { "build \($0)" }].compactMap { $0 }.joined(separator: ", ")
            }
            let blocked = entry.blocked.versions.map(\.description) + entry.blocked.builds.map { "build \($0)" }
            (self.platform, latest, recommended, required) = (platform.osName, gate(entry.latest?.gate), gate(entry.recommended), gate(entry.required))
            self.blocked = blocked.isEmpty ? "—" : blocked.joined(separator: ", ")
            endOfLife = entry.endOfLife == nil ? "—" : "yes"
        }
    }

    package let heading: String
    package let apps: [App]
}
