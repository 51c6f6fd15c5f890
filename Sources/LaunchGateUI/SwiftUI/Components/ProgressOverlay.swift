#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The sign-in loading overlay: the whole screen dimmed, with a spinner and the core's words
/// ("Sending your code…") in a card. It takes the touches, so nothing is tapped twice.
struct ProgressOverlay: View {
    let text: String
    let theme: LaunchGateTheme

    var body: some View {
        ZStack {
            Rectangle()
                .fill(theme.dimStyle)
                .ignoresSafeArea()
            ProgressView(text)
                .controlSize(.large)
                .padding(24)
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
        }
        .announcing(text)
    }
}
#endif
