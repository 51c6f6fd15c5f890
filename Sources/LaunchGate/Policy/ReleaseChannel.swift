/// Where a release is distributed: the store, or a beta programme such as TestFlight.
public enum ReleaseChannel: String, Sendable, Hashable, CaseIterable, Codable {
    /// The public store release.
    case production
    /// A beta programme (TestFlight, Play testing tracks).
    case beta
}
