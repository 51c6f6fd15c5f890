#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

extension LaunchGateStrings {
    /// The direction LaunchGate's screens are laid out in: their language's, not the app's, so an
    /// Arabic or Hebrew screen reads right to left even in an app that isn't localized for it, and
    /// an English screen left to right in an app that is.
    var layoutDirection: LayoutDirection {
        isRightToLeft ? .rightToLeft : .leftToRight
    }
}
#endif
