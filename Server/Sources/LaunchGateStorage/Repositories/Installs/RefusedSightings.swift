import LaunchGate

/// Sightings the cap refused on one platform, with the range of versions they named: what the
/// publish guard reads to tell whether a change could block one of them, so refusals of made-up
/// versions don't make it ask about a change that blocks none of them.
public struct RefusedSightings: Sendable, Hashable {
    /// How many sightings were refused.
    public var count: Int
    /// The lowest and the highest version refused, or `nil` when they are not known (refusals
    /// recorded before migration 031 kept none): then any version may be among them.
    public var versions: ClosedRange<AppVersion>?

    /// Creates a count of refusals.
    public init(count: Int, versions: ClosedRange<AppVersion>?) {
        self.count = count
        self.versions = versions
    }

    /// One refused sighting of `version` (canonical, as recorded; one that doesn't parse leaves
    /// the versions unknown).
    package init(version: String) {
        count = 1
        versions = (try? AppVersion(parsing: version)).map { $0...$0 }
    }

    /// Both counts together, over both ranges; a side whose versions are unknown leaves them unknown.
    package func adding(_ other: RefusedSightings) -> RefusedSightings {
        guard let mine = versions, let theirs = other.versions else { return RefusedSightings(count: count + other.count, versions: nil) }
        return RefusedSightings(count: count + other.count,
                                versions: min(mine.lowerBound, theirs.lowerBound)...max(mine.upperBound, theirs.upperBound))
    }
}
