import LaunchGate

extension UpdatePolicy {
    /// The platforms the policy names with their entries, in the SDK's order (``Platform``'s
    /// cases: iOS first), the order every page lists them in: the same on every load, where the
    /// dictionary's own order changes from one run to the next.
    package var platformsInOrder: [(platform: Platform, entry: PlatformPolicy)] {
        Platform.allCases.compactMap { platform in platforms[platform].map { (platform, $0) } }
    }
}
