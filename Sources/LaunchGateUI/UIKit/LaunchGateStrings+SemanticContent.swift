#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

extension LaunchGateStrings {
    /// UIKit's side of ``layoutDirection``: the hosting views of LaunchGate's screens are forced
    /// into their language's direction, whatever the app's.
    var semanticContentAttribute: UISemanticContentAttribute {
        isRightToLeft ? .forceRightToLeft : .forceLeftToRight
    }
}
#endif
