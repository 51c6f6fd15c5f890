import LaunchGate

/// What a recording is told beyond ``InstallLimits``: the per-client quotas on new installs and
/// groups, and the versions the apps' policies name, whose groups may use
/// ``InstallLimits/reservedGroups`` past the cap, so a platform filled with made-up groups still
/// counts the releases an operator acts on.
public struct InstallAdmission: Sendable {
    /// The quotas sightings with a ``InstallSighting/source`` spend; `nil` for none.
    public var quotas: ClientQuotas?
    /// Per app and platform, the canonical versions its policies name (latest, recommended,
    /// required, blocked).
    public var namedVersions: [String: [Platform: Set<String>]]
    /// Per app and platform, the lowest latest version its policies give: versions above it may
    /// use ``nextRelease``'s room.
    public var latestVersions: [String: [Platform: AppVersion]]
    /// Which versions above latest have room past the cap (``InstallLimits/nextReleaseGroups``);
    /// `nil` for none.
    public var nextRelease: NextReleaseRoom?
    /// What each network has taken of ``InstallLimits/reservedGroups``; `nil` for no bound per network.
    public var reserveShares: ReserveShares?

    /// Creates an admission; by default no quota, no named versions, no room for the next release
    /// and no bound on a network's share of the reserve.
    public init(quotas: ClientQuotas? = nil, namedVersions: [String: [Platform: Set<String>]] = [:],
                latestVersions: [String: [Platform: AppVersion]] = [:], nextRelease: NextReleaseRoom? = nil,
                reserveShares: ReserveShares? = nil) {
        self.quotas = quotas
        self.reserveShares = reserveShares
        self.namedVersions = namedVersions
        self.latestVersions = latestVersions
        self.nextRelease = nextRelease
    }

    /// Whether a sighting starting a group past the cap may take the room for the next release.
    func admitsNextRelease(_ sighting: InstallSighting, total: Int) -> Bool {
        guard let nextRelease, let latest = latestVersions[sighting.appID]?[sighting.platform] else { return false }
        return nextRelease.admit(sighting.version, network: sighting.source?.network ?? 0, in: sighting.scope, latest: latest, total: total)
    }

    /// Whether a sighting of a named version starting a group past the cap is within its
    /// network's share of the reserve (``ReserveShares``); counts it if so.
    func admitsReserve(_ sighting: InstallSighting, reserve: Int) -> Bool {
        reserveShares?.admit(network: sighting.source?.network ?? 0, in: sighting.scope, reserve: reserve,
                             clients: sighting.source?.share ?? 1) ?? true
    }

    /// Whether `version` is named by a policy of the scope's app for its platform.
    func names(_ version: String, in scope: InstallBudget.Scope) -> Bool {
        namedVersions[scope.appID]?[scope.platform]?.contains(version) ?? false
    }
}
