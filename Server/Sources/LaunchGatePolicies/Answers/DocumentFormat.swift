import LaunchGate

/// What a cached document is: the signed canonical policy, or one of the seed shapes.
public enum DocumentFormat: Hashable, Sendable {
    /// The canonical document, narrowed to one platform or whole.
    case canonical
    /// A seed-compatible shape.
    case seed(SeedDocument)
}
