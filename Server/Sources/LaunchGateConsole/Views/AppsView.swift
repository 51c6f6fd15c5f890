import LaunchGate

/// The apps page: every app (or one), with its current policy per channel and platform.
struct AppsView: ConsoleView {
    struct App: ConsoleView {
        let id: String
        let name: String
        let channels: [Channel]
    }

    struct Channel: ConsoleView {
        let channel: String
        /// The served revision; `nil` before the first publish on the channel.
        let current: Current?
    }

    /// A channel's served revision and what it says per platform.
    struct Current: ConsoleView {
        let number: Int
        let author: String
        let date: String
        let platforms: [PlatformRow]

        init(_ revision: PolicyRevision, _ policy: UpdatePolicy) {
            (number, author, date) = (revision.number, revision.author, ConsoleFigures.date(revision.issuedAt))
            // In the SDK's order of platforms (iOS first), the same on every page and every load.
            platforms = policy.platformsInOrder.map { PlatformRow($0.platform, $0.entry) }
        }
    }

    /// One platform's gates as the table shows them, "—" where there is none.
    struct PlatformRow: ConsoleView {
        let platform: String
        let latest: String
        let recommended: String
        let required: String
        let blocked: String
        let endOfLife: String

        init(_ platform: Platform, _ entry: PlatformPolicy) {
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

    let heading: String
    let apps: [App]
}
