import LaunchGate

/// Sightings the cap refused on one platform, with the range of versions they named and a
/// filter of which (``RefusedVersionFilter``): what the publish guard reads to tell whether a
/// change could block one of them, so refusals of made-up versions don't make it ask about a
/// change that blocks none of them.
public struct RefusedSightings: Sendable, Hashable {
    /// How many sightings were refused.
    public var count: Int
    /// The lowest and the highest version refused, or `nil` when they are not known (refusals
    /// recorded before migration 031 kept none): then any version may be among them.
    public var versions: ClosedRange<AppVersion>?
    /// Which versions may be among them, or `nil` when not known (refusals recorded before
    /// migration 032 kept none, and those before 036 one under a key the database doesn't have):
    /// then any version in ``versions`` may be.
    public var filter: RefusedVersionFilter?

    /// Creates a count of refusals.
    public init(count: Int, versions: ClosedRange<AppVersion>?, filter: RefusedVersionFilter? = nil) {
        self.count = count
        self.versions = versions
        self.filter = filter
    }

    /// One refused sighting of `version` (canonical, as recorded; one that doesn't parse leaves
    /// the versions unknown), its filter under `key`, the database's.
    package init(version: String, key: RefusedVersionFilter.Key) {
        count = 0
        versions = nil
        filter = RefusedVersionFilter(key: key)
        add(version: version, first: true)
    }

    /// Counts one more refused sighting of `version`, in place: a flood's refusals cost no copy
    /// of the filter each.
    package mutating func add(version: String) { add(version: version, first: false) }

    private mutating func add(version: String, first: Bool) {
        count += 1
        guard let parsed = try? AppVersion(parsing: version) else {
            (versions, filter) = (nil, nil)
            return
        }
        filter?.insert(parsed)
        if first {
            versions = parsed...parsed
        } else if let known = versions {
            versions = min(known.lowerBound, parsed)...max(known.upperBound, parsed)
        }
    }

    /// Whether `version` may be among the refused: within the range, and in the filter when it is known.
    public func mayInclude(_ version: AppVersion) -> Bool {
        guard let versions else { return true }
        return versions.contains(version) && filter?.mayContain(version) != false
    }

    /// Both counts together, over both ranges; a side whose versions (or filter) are unknown
    /// leaves them unknown, and so do filters under different keys.
    package func adding(_ other: RefusedSightings) -> RefusedSightings {
        guard let mine = versions, let theirs = other.versions else { return RefusedSightings(count: count + other.count, versions: nil) }
        let filter = self.filter.flatMap { mine in other.filter.flatMap { mine.union($0) } }
        return RefusedSightings(count: count + other.count,
                                versions: min(mine.lowerBound, theirs.lowerBound)...max(mine.upperBound, theirs.upperBound), filter: filter)
    }
}
