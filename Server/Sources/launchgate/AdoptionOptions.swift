import ArgumentParser
import Foundation
import LaunchGateAdoption
import LaunchGateServer

/// Install recording and the publish guard, for `serve` and `policy publish`. Each flag has an
/// environment variable (given beside it); flags win.
struct AdoptionOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Record which version each install runs from requests that carry LaunchGate-Client (default on). Env: LAUNCHGATE_RECORD_INSTALLS=0 turns it off.")
    var recordInstalls: Bool?
    @Option(help: "A publish or rollback that newly blocks (or leaves blocked) more than this percentage of a platform's active installs needs --confirm (default 20). Env: LAUNCHGATE_PUBLISH_GUARD.")
    var publishGuard: DecimalNumber?
    @Option(help: "Days of silence after which an install is forgotten, and the longest adoption window (default 90). Env: LAUNCHGATE_INSTALL_RETENTION_DAYS.")
    var installRetentionDays: Int?
    @Option(help: "The most installs kept per app and platform; sightings of new installs past it are dropped and counted in /metrics (default 5000000). Env: LAUNCHGATE_MAX_INSTALLS_PER_APP.")
    var maxInstallsPerApp: Int?
    @Option(help: "The most (version, build, OS) groups kept per app and platform over the retention window; new ones past it are dropped and counted (default 20000). Env: LAUNCHGATE_MAX_INSTALL_GROUPS.")
    var maxInstallGroups: Int?
    // Retired: accepted, so a deployment that still names them starts, and named in a warning.
    @Option(help: .hidden) var maxInstallGroupsPerDay: String?
    @Option(help: .hidden) var installPingBurst: String?
    @Option(help: .hidden) var installPingRate: String?
    @Option(help: "Installs one client address (IPv6 per /64) may have recorded per --install-sighting-window from policy reads, /check and pings; past it they are dropped and counted, the reads still answered; 0 for no limit (default 600). Env: LAUNCHGATE_INSTALL_SIGHTINGS_PER_CLIENT.")
    var installSightingsPerClient: Int?
    @Option(help: "The window --install-sightings-per-client counts in, in seconds (default 60). Env: LAUNCHGATE_INSTALL_SIGHTING_WINDOW.")
    var installSightingWindow: Int?
    @Option(help: "New installs one client address (IPv6 per /64) may add per UTC day; past it, its sightings of unknown installs are dropped and counted; 0 for no limit (default 2000). Env: LAUNCHGATE_MAX_NEW_INSTALLS_PER_CLIENT.")
    var maxNewInstallsPerClient: Int?
    @Option(help: "New (version, build, OS) groups one client address may start per UTC day; past it, its sightings that would start one are dropped and counted; 0 for no limit (default 50). Env: LAUNCHGATE_MAX_NEW_INSTALL_GROUPS_PER_CLIENT.")
    var maxNewInstallGroupsPerClient: Int?
    @Option(help: "The part of the install intake buffer one client address may fill between two folds, in percent; past it its sightings are dropped and counted; 100 for no limit (default 6). Env: LAUNCHGATE_INSTALL_BUFFER_PER_CLIENT.")
    var installBufferPerClient: Int?

    /// The configuration with every flag or variable given applied.
    /// - Throws: `ValidationError` naming the flag and its range.
    func apply(to base: AdoptionConfiguration) throws -> AdoptionConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = base
        let recordFromEnvironment = try EnvironmentOption.switchValue("LAUNCHGATE_RECORD_INSTALLS", environment: environment)
        if let record = recordInstalls ?? recordFromEnvironment { configuration.recordInstalls = record }
        if let share = try Self.guardShare(publishGuard) { configuration.publishGuardShare = share }
        if let days = try EnvironmentOption.value(installRetentionDays, flag: "install-retention-days", EnvironmentOption.within(30...3650)) {
            configuration.retentionDays = days
        }
        if let cap = try EnvironmentOption.value(maxInstallsPerApp, flag: "max-installs-per-app", EnvironmentOption.within(1...1_000_000_000)) {
            configuration.limits.installsPerAppPlatform = cap
        }
        if let cap = try EnvironmentOption.value(maxInstallGroups, flag: "max-install-groups", EnvironmentOption.within(1...10_000_000)) {
            configuration.limits.groupsPerAppPlatform = cap
        }
        let retired = [("--max-install-groups-per-day", maxInstallGroupsPerDay, "LAUNCHGATE_MAX_INSTALL_GROUPS_PER_DAY", "groups are capped per app and platform (--max-install-groups)"),
                       ("--install-ping-burst", installPingBurst, "LAUNCHGATE_INSTALL_PING_BURST", "pings spend the client's recording budget (--install-sightings-per-client)"),
                       ("--install-ping-rate", installPingRate, "LAUNCHGATE_INSTALL_PING_RATE", "pings spend the client's recording budget (--install-sightings-per-client)")]
        for (flag, value, variable, instead) in retired where value != nil || environment[variable] != nil {
            FileHandle.standardError.write(Data("launchgate: \(flag) (\(variable)) no longer applies and is ignored: \(instead)\n".utf8))
        }
        if let budget = try EnvironmentOption.value(installSightingsPerClient, flag: "install-sightings-per-client", EnvironmentOption.within(0...100_000_000)) {
            configuration.sightingsPerClient = budget
        }
        if let window = try EnvironmentOption.value(installSightingWindow, flag: "install-sighting-window", EnvironmentOption.within(1...86_400, " (seconds)")) {
            configuration.clientWindow = .seconds(window)
        }
        if let quota = try EnvironmentOption.value(maxNewInstallsPerClient, flag: "max-new-installs-per-client", EnvironmentOption.within(0...100_000_000)) {
            configuration.newInstallsPerClient = quota
        }
        if let quota = try EnvironmentOption.value(maxNewInstallGroupsPerClient, flag: "max-new-install-groups-per-client", EnvironmentOption.within(0...10_000_000)) {
            configuration.newGroupsPerClient = quota
        }
        if let percent = try EnvironmentOption.value(installBufferPerClient, flag: "install-buffer-per-client", EnvironmentOption.within(1...100, " (percent)")) {
            configuration.bufferPercentPerClient = percent
        }
        return configuration
    }

    /// The guard's share (0…1) from `--publish-guard` or LAUNCHGATE_PUBLISH_GUARD, or `nil` when neither is given.
    static func guardShare(_ flag: DecimalNumber?) throws -> Double? {
        try EnvironmentOption.value(flag, flag: "publish-guard", EnvironmentOption.decimal(within: 0...100, " (percent)")).map { $0 / 100 }
    }
}
