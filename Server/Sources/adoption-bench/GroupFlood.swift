import Foundation
import LaunchGate
import LaunchGateServer
import LaunchGateStorage

/// A flood of made-up groups past the cap (the cap on groups kept per app and platform, 20,000 by
/// default, is lifted so the reads are timed past it, as on a database whose cap was lowered):
/// `groups` distinct (version, build, OS) groups of one install each, spread evenly over the last
/// `days` UTC days, beside `real` installs of 20 real versions seen today.
enum GroupFlood {
    static func seed(_ repository: SQLInstallRepository, app: String, groups: Int, days: Int, real: Int, now: Date) async throws {
        let perDay = (groups + days - 1) / days
        let limits = InstallLimits(installsPerAppPlatform: groups + real + 1, groupsPerAppPlatform: groups + real + 1)
        var batch: [InstallSighting] = []
        batch.reserveCapacity(10_000)
        func flush(_ force: Bool = false) async throws {
            guard batch.count >= 10_000 || (force && !batch.isEmpty) else { return }
            _ = try await repository.record(batch, limits: limits)
            batch.removeAll(keepingCapacity: true)
        }
        for index in 0..<real {
            let version = "9.\(index % 20).0"
            batch.append(InstallSighting(appID: app, platform: .ios, installHash: "real-\(index)", version: version,
                                         build: "9\(index % 20)0", os: "18.\(index % 3)", at: now))
            try await flush()
        }
        for index in 0..<groups {
            // A made-up version per group, as the strict header check lets through.
            let day = index / perDay
            batch.append(InstallSighting(appID: app, platform: .ios, installHash: "flood-\(index)", version: "1.\(index / 1000).\(index % 1000)",
                                         build: String(index), os: "17.\(index % 7)", at: now.addingTimeInterval(-Double(day) * 86_400)))
            try await flush()
        }
        try await flush(true)
    }

    /// The resident set's peak since the last ``resetPeak()``, from `/proc/self/status` (Linux).
    static func peakRSS() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return "unknown" }
        return line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }

    /// Starts the peak over from the current resident set (Linux 4.0 and later), so what seeding
    /// used is not counted against the queries.
    static func resetPeak() {
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
    }
}
