#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The sign-in loading overlay: the whole screen dimmed, with a spinner and the core's words
/// ("Sending your code…") in a card of the theme's background. It takes the touches, so nothing
/// is tapped twice.
struct ProgressOverlay: View {
    let text: String
    let styles: ThemeStyles
    let cornerRadius: Double

    var body: some View {
        ZStack {
            Rectangle()
                .fill(styles.dim)
                .ignoresSafeArea()
            ProgressView(text)
                .largeControl()
                // The spinner takes the tint, not the foreground style: without it, the system's
                // light grey spins on the theme's background.
                .tint(styles.title)
                .foregroundStyle(styles.title)
                .padding(LaunchGateMetrics.progressPadding)
                .background(styles.background, in: RoundedRectangle(cornerRadius: cornerRadius))
        }
        .announcing(text)
    }
}
#endif
