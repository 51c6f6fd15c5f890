/// One platform's part of a ``PolicyImpact``: what the ``PublishGuard`` measures, since a change
/// that blocks all of a small platform must not be hidden by a large one.
public struct PlatformImpact: Sendable, Equatable {
    /// Installs seen within the window before today (UTC).
    public var active = ImpactCounts()
    /// Of ``active``, the established installs: seen on two sightings at least a day apart,
    /// which made-up installs need a day of traffic to become.
    public var established = ImpactCounts()
    /// Installs first seen today and seen on no other day: anyone can make them up by reading
    /// the policy, so they count in no share.
    public var new = ImpactCounts()
    /// Groups with installs seen before today past the impact's limit for the platform: counted
    /// nowhere above.
    public var unevaluatedGroups = 0
    /// The installs of ``unevaluatedGroups``.
    public var unevaluatedInstalls = 0
    /// The established installs of ``unevaluatedGroups``.
    public var unevaluatedEstablished = 0
    /// Sightings the cap (``InstallLimits``) refused within the window: real installs may be
    /// missing from the counts.
    public var refusedSightings = 0
    /// Whether the change alters what blocks the platform's installs (required, blocked
    /// releases, end of life, minimum OS, through the entry they read) or newly blocks some:
    /// only then can installs the counts miss be newly blocked.
    public var changesBlocking = false
    /// Of ``active``'s blocked installs, those whose OS is too old for any allowed version: they
    /// can't update at all.
    public var cannotUpdate = 0

    /// The counts every surface leads with for the platform (the sentence, the console's table,
    /// the API's `platforms`, the CLI): its active installs, or, on a platform whose installs were
    /// all first seen today, those.
    public var counted: ImpactCounts { active.installs > 0 ? active : new }
    /// Whether ``counted`` are the installs first seen today, none having been seen before.
    public var countsOnlyNew: Bool { active.installs == 0 && new.installs > 0 }
}
