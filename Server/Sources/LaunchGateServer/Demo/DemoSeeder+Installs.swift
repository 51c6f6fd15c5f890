import Foundation
import LaunchGate
import LaunchGateStorage

extension DemoSeeder {
    /// Installs the demo records: enough that the adoption page and the editor's impact show
    /// figures on a fresh start.
    static let demoInstalls = 240

    /// Versions the demo's installs run, per platform, as (version, OS, share in 12ths): some
    /// below the required version, one blocked, most on the latest.
    private static let versions: [Platform: [(String, String, Int)]] = [
        .ios: [("1.9.0", "15.7", 1), ("2.0.0", "16.6", 1), ("2.2.0", "17.2", 1), ("2.3.0", "17.5", 3), ("2.4.1", "18.1", 6)],
        .android: [("1.8.2", "12", 2), ("2.3.0", "13", 4), ("2.4.0", "14", 6)],
    ]

    /// The sightings of the demo's installs: each first seen two to six days before `now`, on
    /// the version it still runs, and seen again at `now`, so they are established installs of
    /// today rather than new ones, as an app that has been live for a while has.
    static func installSightings(now: Date) -> [InstallSighting] {
        var sightings: [InstallSighting] = []
        for index in 0..<demoInstalls {
            // Two in three on iOS, and a fixed spread over versions: the same figures on every start.
            let platform: Platform = index % 3 == 2 ? .android : .ios
            let choices = versions[platform] ?? []
            let slot = (index / 3) % 12
            var bound = 0
            let (version, os, _) = choices.first { choice in
                bound += choice.2
                return slot < bound
            } ?? choices[choices.count - 1]
            let hash = String(repeating: "0", count: 56) + String(format: "%08x", index)
            let firstSeen = now.addingTimeInterval(-86_400 * Double(2 + index % 5))
            for at in [firstSeen, now] {
                sightings.append(InstallSighting(appID: appID, platform: platform, installHash: hash, version: version, os: os, at: at))
            }
        }
        return sightings
    }

    /// Records ``installSightings(now:)`` for a freshly seeded demo app.
    func seedInstalls() async throws {
        try await components.installs.record(Self.installSightings(now: now()))
    }
}
