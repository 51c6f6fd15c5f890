#if canImport(SwiftUI)
import LaunchGate

extension ScreenKind {
    /// The SF Symbol drawn for this kind of screen, on the full screen and on the banner alike, so
    /// the OS notice's banner doesn't wear the update arrow. Decoration only: callers hide it
    /// from VoiceOver.
    var symbolName: String {
        switch self {
        case .updateAvailable, .updateRecommended: "arrow.down.circle.fill"
        case .updateRequired: "exclamationmark.arrow.circlepath"
        case .endOfLife: "xmark.octagon.fill"
        case .deviceUnsupported: "iphone.slash"
        case .maintenance: "wrench.and.screwdriver.fill"
        case .osSupportEnding: "clock.badge.exclamationmark"
        }
    }
}
#endif
