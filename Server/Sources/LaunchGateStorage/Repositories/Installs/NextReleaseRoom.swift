import LaunchGate
import Synchronization

/// Room past a full group cap for the release an operator ships before the policy names it: a
/// version above the policy's latest. Without it, a cap filled with made-up groups dropped a real
/// install of the new 7.0.1 while the policy still said 7.0.0 (hostile re-test); once the policy
/// names it, the reserve for named versions takes over.
///
/// Versions above latest are as easy to make up as any (`9.9.9`, `99.0.0`), so the room is not
/// first come, first served. Per app and platform:
/// - a version qualifies once sightings of it, refused by the cap, came from ``networksToQualify``
///   distinct networks (IPv4 /24, IPv6 /48): a flood of distinct made-up versions, as every flood
///   seen so far sends, qualifies none, and a real release, seen from many networks, does within
///   minutes of reaching users;
/// - at most ``versions`` versions hold room, the first to qualify, each at most
///   ``groupsPerVersion`` groups (its builds and OS versions), and ``InstallLimits/nextReleaseGroups``
///   in all;
/// - candidates are counted in a table of ``candidates`` versions; when it is full, the one seen
///   from the fewest networks, and of those the highest, gives way, since the next release is
///   usually just above latest.
///
/// Kept in memory per process and forgotten when the policy's latest changes (the versions
/// above it change too), like the quotas: a restart or a new latest lets another
/// ``InstallLimits/nextReleaseGroups`` in. What it still allows is in docs/adoption.md.
public final class NextReleaseRoom: Sendable {
    /// Distinct networks a version must be refused from before it holds room.
    public static let networksToQualify = 3
    /// Versions that may hold room at once, per app and platform.
    public static let versions = 2
    /// Groups one version may hold.
    public static let groupsPerVersion = 50
    /// Versions counted per app and platform while they qualify.
    static let candidates = 32

    private struct State {
        var latest: AppVersion
        /// Candidate versions (canonical) with the networks seen, at most ``networksToQualify`` each.
        var seen: [String: (version: AppVersion, networks: Set<UInt64>)] = [:]
        /// Versions holding room, with the groups each took.
        var holders: [String: Int] = [:]
        /// Groups taken in all.
        var used = 0
    }

    private let states = Mutex<[InstallBudget.Scope: State]>([:])

    /// An empty table.
    public init() {}

    /// Whether a new group of `version` (canonical, as recorded), seen from `network`, may take a
    /// group of the room of `scope`, whose policies' lowest latest is `latest`; counts it if so.
    /// - Parameter total: The room's groups in all (``InstallLimits/nextReleaseGroups``).
    func admit(_ version: String, network: UInt64, in scope: InstallBudget.Scope, latest: AppVersion, total: Int) -> Bool {
        guard network != 0, let parsed = try? AppVersion(parsing: version), !parsed.isPrerelease, parsed > latest else { return false }
        return states.withLock { states in
            var state = states[scope].flatMap { $0.latest == latest ? $0 : nil } ?? State(latest: latest)
            defer { states[scope] = state }
            guard state.used < total else { return false }
            if let taken = state.holders[version] {
                guard taken < Self.groupsPerVersion else { return false }
                state.holders[version] = taken + 1
                state.used += 1
                return true
            }
            guard state.holders.count < Self.versions else { return false }
            if state.seen[version] == nil, state.seen.count >= Self.candidates,
               let weakest = state.seen.min(by: { ($0.value.networks.count, $1.value.version) < ($1.value.networks.count, $0.value.version) }) {
                state.seen[weakest.key] = nil
            }
            state.seen[version, default: (parsed, [])].networks.insert(network)
            guard let networks = state.seen[version]?.networks.count, networks >= Self.networksToQualify else { return false }
            state.seen[version] = nil
            state.holders[version] = 1
            state.used += 1
            return true
        }
    }
}
