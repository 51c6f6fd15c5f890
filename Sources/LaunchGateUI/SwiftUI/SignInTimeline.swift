#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// Reads the sign-in or welcome screen from the flow again every second: the resend countdown
/// and a server's wait are worked out from the clock, so the words change without any event.
@MainActor
struct SignInTimeline<Screen: View>: View {
    let flow: LaunchFlow
    let screen: (SignInScreen) -> Screen

    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { _ in
            if let current = flow.signInScreen {
                screen(current)
            }
        }
    }
}
#endif
