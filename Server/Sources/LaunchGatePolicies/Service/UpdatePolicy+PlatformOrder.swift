import LaunchGate

extension UpdatePolicy {
    /// The platforms the policy names with their entries, in the SDK's order (``Platform``'s
    /// cases: iOS first), the order every page lists them in: the same on every load, where the
    /// dictionary's own order changes from one run to the next.
    package var platformsInOrder: [(platform: Platform, entry: PlatformPolicy)] {
        Platform.allCases.compactMap { platform in platforms[platform].map { (platform, $0) } }
    }
}

extension Platform {
    /// Whether `self` is listed before `other`: in ``Platform``'s cases' order, iOS first, as the
    /// console, the CLI, the sentences and the export all list platforms. A dictionary's own order
    /// changes from one run to the next, and the alphabet puts Android first.
    package func isListed(before other: Platform) -> Bool {
        (Platform.allCases.firstIndex(of: self) ?? 0) < (Platform.allCases.firstIndex(of: other) ?? 0)
    }
}
