// Seeds an app with installs through the real recording path (SQLInstallRepository.record, in
// transactions of 10,000 sightings) and times the adoption and impact queries over them.
//
//   adoption-bench DATABASE-URL [installs] [versions] [repeats]
//   adoption-bench DATABASE-URL --groups GROUPS DAYS [repeats]
//
// Installs spread over `versions` versions (a skewed mix: recent ones most common), 8 OS
// versions and the last 30 days, as a real app's would. With --groups, instead GROUPS distinct
// groups of one install each over the last DAYS days (a flood past the cap, as a lowered cap
// leaves: 300,000 over 30 days), beside 50,000 installs of 20 real versions. Prints
// seeding time, the median and worst of `repeats` runs of each query, and the process's peak
// resident memory while the queries ran.
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage
import Logging

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: adoption-bench DATABASE-URL [installs] [versions] [repeats]\n".utf8))
    exit(64)
}
let flood = arguments.count > 2 && arguments[2] == "--groups"
let floodGroups = flood && arguments.count > 3 ? Int(arguments[3]) ?? 300_000 : 300_000
let floodDays = flood && arguments.count > 4 ? Int(arguments[4]) ?? 30 : 30
let installs = flood ? 50_000 : arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let versionCount = flood ? 20 : arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
let repeatIndex = flood ? 5 : 4
let repeats = arguments.count > repeatIndex ? Int(arguments[repeatIndex]) ?? 7 : 7
var logger = Logger(label: "adoption-bench")
logger.logLevel = .warning

let database = try await Database.open(try DatabaseLocation(parsing: arguments[1]), logger: logger)
try await Migrator(database: database).migrate()
let repository = SQLRepository(database: database)
let masterKey = try MasterKey(rawRepresentation: Data(repeating: 1, count: 32))
// A long limit: this measures how long the queries take, where the server would end them at 3 s.
let installRepository = SQLInstallRepository(database: database, queryTimeout: .seconds(120),
                                             filterKey: RefusedVersionFilter.Key.derived { masterKey })
let now = Date()
let components = ServerComponents(database: database, repository: repository, installs: installRepository,
                                  masterKey: masterKey, now: { now })
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
    if flood {
        try await GroupFlood.seed(installRepository, app: app, groups: floodGroups, days: floodDays, real: installs, now: now)
        print(String(format: "seeded %d flood groups over %d days and %d real installs in %.1f s", floodGroups, floodDays, installs,
                     seconds(clock.now - started)))
    }
    var generator = SystemRandomNumberGenerator()
    var batch: [InstallSighting] = []
    batch.reserveCapacity(10_000)
    for index in 0..<(flood ? 0 : installs) {
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
    if !flood {
        print(String(format: "seeded %d installs over %d versions in %.1f s (%.0f installs/s)", installs, versionCount,
                     seconds(clock.now - started), Double(installs) / seconds(clock.now - started)))
    }
}

// Counted by storage: loading every group here would weigh on the peak measured below.
let kept = try await installRepository.shares(appID: app, platform: nil, fromDay: 0, by: .group, limit: 1, offset: 0)
print("\(kept.totalInstalls) installs in \(kept.totalEntries) (version, build, OS) groups")
GroupFlood.resetPeak()

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
print(ImpactSentences(try await components.adoption.impact(of: proposed, app: app, channel: .production)).summary)
print("peak resident memory while querying: \(GroupFlood.peakRSS())")
await database.close()
