// Seeds an app with installs through the real recording path (SQLInstallRepository.record, in
// transactions of 10,000 sightings) and times the adoption and impact queries over them.
//
//   adoption-bench DATABASE-URL [installs] [versions] [repeats]
//
// Installs spread over `versions` versions (a skewed mix: recent ones most common), 8 OS
// versions and the last 30 days, as a real app's would. Prints seeding time and the median and
// worst of `repeats` runs of each query.
import Foundation
import LaunchGate
import LaunchGateServer
import Logging

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: adoption-bench DATABASE-URL [installs] [versions] [repeats]\n".utf8))
    exit(64)
}
let installs = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let versionCount = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
let repeats = arguments.count > 4 ? Int(arguments[4]) ?? 7 : 7
var logger = Logger(label: "adoption-bench")
logger.logLevel = .warning

let database = try await Database.open(try DatabaseLocation(parsing: arguments[1]), logger: logger)
try await Migrator(database: database).migrate()
let repository = SQLRepository(database: database)
let installRepository = SQLInstallRepository(database: database)
let now = Date()
let components = ServerComponents(database: database, repository: repository, installs: installRepository,
                                  masterKey: try MasterKey(rawRepresentation: Data(repeating: 1, count: 32)), now: { now })
let app = "bench"
// Versions 1.0.0 upwards; version v of n is the (v+1)th newest.
let versions = (0..<versionCount).map { "\(1 + $0 / 100).\(($0 / 10) % 10).\($0 % 10)" }
let oses = ["15.8", "16.7", "17.4", "17.5", "17.6", "18.0", "18.1", "18.2"]

func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }

if try await repository.app(id: app) == nil {
    try await repository.createApp(AppRecord(id: app, name: "Bench", createdAt: now))
    let newest = try AppVersion(parsing: versions.last!)
    _ = try await components.policies.publish(UpdatePolicy(platforms: [.ios: PlatformPolicy(
        latest: Release(version: newest, minimumOS: "16.0"), required: VersionRequirement(version: try AppVersion(parsing: versions[versionCount / 10])),
        updateURL: URL(string: "https://apps.apple.com/app/id1"))]), app: app, channel: .production, author: "bench")
    let clock = ContinuousClock()
    let started = clock.now
    var generator = SystemRandomNumberGenerator()
    var batch: [InstallSighting] = []
    batch.reserveCapacity(10_000)
    for index in 0..<installs {
        // Skewed towards the newest: the square of a uniform number favours small offsets.
        let offset = Int(pow(Double.random(in: 0..<1, using: &generator), 3) * Double(versionCount))
        let version = versions[versionCount - 1 - min(offset, versionCount - 1)]
        // Within the 30-day window (today and the 29 days before it), so every install is active.
        let at = now.addingTimeInterval(-Double.random(in: 0..<(29 * 86_400), using: &generator))
        batch.append(InstallSighting(appID: app, platform: .ios, installHash: String(index, radix: 16), version: version,
                                     build: version.replacingOccurrences(of: ".", with: ""), os: oses.randomElement(using: &generator)!, at: at))
        if batch.count == 10_000 || index == installs - 1 {
            try await installRepository.record(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
    print(String(format: "seeded %d installs over %d versions in %.1f s (%.0f installs/s)", installs, versionCount,
                 seconds(clock.now - started), Double(installs) / seconds(clock.now - started)))
}

let groups = try await installRepository.groups(appID: app, platform: nil, fromDay: 0)
print("\(groups.reduce(0) { $0 + $1.installs }) installs in \(groups.count) (version, build, OS, day) groups")

func time(_ name: String, _ body: () async throws -> Void) async throws {
    var samples: [Double] = []
    for _ in 0..<repeats {
        let clock = ContinuousClock()
        let started = clock.now
        try await body()
        samples.append(seconds(clock.now - started) * 1000)
    }
    samples.sort()
    print(String(format: "%-44@ median %7.1f ms   worst %7.1f ms", name as NSString, samples[samples.count / 2], samples.last!))
}

var proposed = try await components.policies.current(app: app, channel: .production).1
proposed.platforms[.ios]?.required = VersionRequirement(version: try AppVersion(parsing: versions[versionCount / 2]))
try await time("adoption (1, 7 and 30 days, every version)") {
    _ = try await components.adoption.report(app: app, platform: nil, windows: [1, 7, 30], since: nil)
}
try await time("adoption with 30 days of history") {
    _ = try await components.adoption.report(app: app, platform: .ios, windows: [30], since: now.addingTimeInterval(-30 * 86_400))
}
try await time("impact of raising required") {
    _ = try await components.adoption.impact(of: proposed, app: app, channel: .production)
}
print(try await components.adoption.impact(of: proposed, app: app, channel: .production).summary)
await database.close()
