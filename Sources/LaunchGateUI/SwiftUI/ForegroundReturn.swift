#if canImport(SwiftUI)
import SwiftUI

/// The re-check on the way back from the background (as the `/api/version` check does), read from
/// a scene's phases: only a background → active round trip counts, not Control Center, a
/// notification or Face ID, which take the scene through inactive alone. A flag rather than the previous phase, so the return
/// counts whether SwiftUI reports background → active or background → inactive → active.
struct ForegroundReturn {
    private var wasInBackground = false

    /// Takes the scene's new phase.
    /// - Parameter phase: The phase.
    /// - Returns: Whether the scene has just come back from the background.
    mutating func enter(_ phase: ScenePhase) -> Bool {
        switch phase {
        case .background:
            wasInBackground = true
            return false
        case .active where wasInBackground:
            wasInBackground = false
            return true
        default:
            return false
        }
    }
}
#endif
