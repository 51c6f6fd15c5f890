import LaunchGate
import Synchronization

/// Room past a full group cap for the release an operator ships before the policy names it: a
/// version above the policy's latest. Without it, a cap filled with made-up groups dropped a real
/// install of the new 7.0.1 while the policy still said 7.0.0 (hostile re-test); once the policy
/// names it, the reserve for named versions takes over.
///
/// Versions above latest are as easy to make up as any (`9.9.9`, `99.0.0`), so the room is not
/// first come, first served: it goes to the versions seen from the most networks, since a real
/// release reaches hundreds of networks within hours and an attacker's versions the handful the
/// attacker holds. Per app and platform:
/// - a version qualifies once sightings of it, refused by the cap, came from ``networksToQualify``
///   distinct networks (IPv4 /24, IPv6 /48): a flood of distinct made-up versions, as every flood
///   seen so far sends, qualifies none;
/// - at most ``versions`` versions hold room. A qualified version seen from at least twice as many
///   networks as the weakest holder takes its place (a review found the first two to qualify kept
///   it: 6 networks sending 99.0.0 and 98.0.0 dropped the real 7.0.1); the one displaced keeps the
///   groups it has and gets no more. Twice, not merely more, so that a chain of made-up versions,
///   each from one network more than the last, costs the networks it would take to hold the room;
/// - a holder takes at most one group per network it was seen from, and at most
///   ``groupsPerVersion``, so a few networks sending many builds don't use up
///   ``InstallLimits/nextReleaseGroups`` (all holders' groups, displaced ones' too) before the
///   release arrives;
/// - networks are counted up to ``networksCounted`` per version, in a table of ``candidates``
///   versions; when it is full, the one that gained a network longest ago gives way, however many
///   it has: a sighting from a network it counts already doesn't refresh it. Not the highest
///   version, as it once was: a real 7.0.0 seen from one network then gave way to any made-up
///   version below it, so one junk sighting between the release's first and second networks kept
///   it out (re-attack A1b, 0 of 120 recorded). Nor the fewest networks first, then the one seen
///   longest ago, as it was next: 31 made-up versions seen from the same 2 networks left the
///   release the only one seen from 1, so one junk sighting after each of its networks still
///   pushed it out, and re-sending kept the junk fresh (review of session 8). Now pushing a
///   release out takes ``candidates`` networks gained by others, in practice a burst of as many
///   new made-up versions, each a group of quota, once per window in which it would qualify (or,
///   with both places held, reach twice the weaker holder's networks: docs/adoption.md prices
///   both), and junk that gains none ages out first;
/// - only a sighting that would start a group counts its network (``admit(_:network:in:latest:total:)``
///   is asked for no other), so each network counted spent a group of its client's and its
///   network's quotas, and one kept group sent from many networks doesn't hold the room. Counting
///   kept groups' sightings too would cost a call per sighting, and one kept group sent from 34
///   networks would then hold the room against a release seen from fewer than 68.
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
    /// Distinct networks counted per version: enough to tell a release from an attacker's
    /// handful, and a bounded set per version.
    public static let networksCounted = 64
    /// Versions counted per app and platform while they qualify.
    static let candidates = 32

    /// A version above latest: the networks it was seen from, and the groups it took while holding room.
    struct Entry {
        var version: AppVersion
        var networks: Set<UInt64> = []
        var groups = 0
        /// When it last gained a network, in networks gained in its state (``State/clock``).
        var gained = 0

        /// Counts `network`; returns whether the entry gained it. An entry with ``networksCounted``
        /// gains no more: were the networks past them new each time, one of them re-sent would
        /// refresh it on every sighting (review s9a).
        mutating func count(_ network: UInt64) -> Bool {
            guard networks.count < NextReleaseRoom.networksCounted, networks.insert(network).inserted else { return false }
            return true
        }

        /// Orders the weakest holder first: fewest networks, then the highest version.
        static func weaker(_ a: Entry, _ b: Entry) -> Bool {
            (a.networks.count, b.version) < (b.networks.count, a.version)
        }
    }

    private struct State {
        var latest: AppVersion
        /// Versions (canonical) not holding room, counted while they qualify or in case they
        /// come back, at most ``candidates``.
        var seen: [String: Entry] = [:]
        /// Versions holding room, at most ``versions``.
        var holders: [String: Entry] = [:]
        /// Groups taken in all, displaced holders' too.
        var used = 0
        /// Networks candidates gained so far: orders them by when they last gained one, without a clock.
        var clock = 0

        /// Counts `network` for a version not holding room, making room in the table if needed:
        /// the candidate that gained a network longest ago gives way.
        mutating func count(_ version: String, _ parsed: AppVersion, _ network: UInt64) -> Entry {
            if seen[version] == nil, seen.count >= NextReleaseRoom.candidates,
               let stalest = seen.min(by: { $0.value.gained < $1.value.gained }) {
                seen[stalest.key] = nil
            }
            var entry = seen[version] ?? Entry(version: parsed)
            if entry.count(network) {
                clock += 1
                entry.gained = clock
            }
            seen[version] = entry
            return entry
        }

        /// Makes `version` a holder if there is a place, or if it was seen from at least twice
        /// the networks of the weakest holder, which goes back to the candidates.
        mutating func promote(_ version: String, _ entry: Entry) -> Bool {
            if holders.count >= NextReleaseRoom.versions {
                guard let weakest = holders.min(by: { Entry.weaker($0.value, $1.value) }),
                      entry.networks.count >= 2 * weakest.value.networks.count else { return false }
                holders[weakest.key] = nil
                // Stamped fresh: its last stamp predates its promotion, so the next newcomer would
                // evict it and its networks first (review s9a).
                var back = weakest.value
                clock += 1
                back.gained = clock
                seen[weakest.key] = back
            }
            seen[version] = nil
            holders[version] = entry
            return true
        }
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
            if state.holders[version] == nil {
                let entry = state.count(version, parsed, network)
                guard entry.networks.count >= Self.networksToQualify, state.promote(version, entry) else { return false }
            }
            guard var holder = state.holders[version] else { return false }
            _ = holder.count(network)
            defer { state.holders[version] = holder }
            guard state.used < total, holder.groups < min(holder.networks.count, Self.groupsPerVersion) else { return false }
            holder.groups += 1
            state.used += 1
            return true
        }
    }
}
