#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// A secondary button's look: ``LinkButtonStyle``, except on tvOS, where a custom style would
    /// take away the system's focus lift, the only sign of which button the remote is on; there the
    /// system's button (which dims itself when disabled) keeps it, in the link color.
    /// - Parameters:
    ///   - styles: The theme's styles.
    ///   - font: The label's font.
    /// - Returns: The view.
    @ViewBuilder
    func linkButton(_ styles: ThemeStyles, font: Font = .body) -> some View {
        #if os(tvOS)
        self.font(font).foregroundStyle(styles.link)
        #else
        buttonStyle(LinkButtonStyle(styles: styles, font: font))
        #endif
    }
}
#endif
