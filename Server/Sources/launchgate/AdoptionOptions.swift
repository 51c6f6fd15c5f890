import ArgumentParser
import Foundation
import LaunchGateServer

/// Install recording and the publish guard, for `serve` and `policy publish`. Each flag has an
/// environment variable (given beside it); flags win.
struct AdoptionOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Record which version each install runs from requests that carry LaunchGate-Client (default on). Env: LAUNCHGATE_RECORD_INSTALLS=0 turns it off.")
    var recordInstalls: Bool?
    @Option(help: "A publish that newly blocks more than this percentage of active installs needs --confirm (default 20). Env: LAUNCHGATE_PUBLISH_GUARD.")
    var publishGuard: Double?
    @Option(help: "Days of silence after which an install is forgotten, and the longest adoption window (default 90). Env: LAUNCHGATE_INSTALL_RETENTION_DAYS.")
    var installRetentionDays: Int?

    /// The configuration with every flag or variable given applied.
    /// - Throws: `ValidationError` naming the flag and its range.
    func apply(to base: AdoptionConfiguration) throws -> AdoptionConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = base
        if let record = recordInstalls {
            configuration.recordInstalls = record
        } else if let text = environment["LAUNCHGATE_RECORD_INSTALLS"] {
            guard ["0", "1", "true", "false"].contains(text.lowercased()) else { throw ValidationError("LAUNCHGATE_RECORD_INSTALLS must be 1 or 0") }
            configuration.recordInstalls = text == "1" || text.lowercased() == "true"
        }
        if let share = try Self.guardShare(publishGuard) { configuration.publishGuardShare = share }
        if let days = try installRetentionDays ?? environment["LAUNCHGATE_INSTALL_RETENTION_DAYS"].map(Self.whole) {
            guard (30...3650).contains(days) else { throw ValidationError("--install-retention-days must be 30 to 3650") }
            configuration.retentionDays = days
        }
        return configuration
    }

    /// The guard's share (0…1) from `--publish-guard` or LAUNCHGATE_PUBLISH_GUARD, or `nil` when neither is given.
    static func guardShare(_ flag: Double?) throws -> Double? {
        guard let percent = try flag ?? ProcessInfo.processInfo.environment["LAUNCHGATE_PUBLISH_GUARD"].map(Self.number) else { return nil }
        guard (0...100).contains(percent) else { throw ValidationError("--publish-guard must be 0 to 100 (percent)") }
        return percent / 100
    }

    private static func number(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite else { throw ValidationError("LAUNCHGATE_PUBLISH_GUARD must be a percentage") }
        return value
    }

    private static func whole(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw ValidationError("LAUNCHGATE_INSTALL_RETENTION_DAYS must be a whole number") }
        return value
    }
}
