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

    /// Creates an admission; by default no quota and no named versions.
    public init(quotas: ClientQuotas? = nil, namedVersions: [String: [Platform: Set<String>]] = [:]) {
        self.quotas = quotas
        self.namedVersions = namedVersions
    }

    /// Whether `version` is named by a policy of the scope's app for its platform.
    func names(_ version: String, in scope: InstallBudget.Scope) -> Bool {
        namedVersions[scope.appID]?[scope.platform]?.contains(version) ?? false
    }
}
