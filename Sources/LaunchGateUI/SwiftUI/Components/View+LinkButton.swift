#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// A secondary button's look: ``LinkButtonStyle``, except on tvOS, where a custom style would
    /// take away the system's focus lift, the only sign of which button the remote is on; there the
    /// system's button (which dims itself when disabled) keeps it. Its label's color is left to the
    /// system, as the main button's is: the focused platter turns white and the system darkens the
    /// label with it, where a fixed link color (#409CFF in Apple TV's Dark Mode) would stand about
    /// 2.8:1 on it, on the very button the remote is on.
    /// - Parameters:
    ///   - styles: The theme's styles.
    ///   - font: The label's font.
    /// - Returns: The view.
    @ViewBuilder
    func linkButton(_ styles: ThemeStyles, font: Font = .body) -> some View {
        #if os(tvOS)
        self.font(font)
        #else
        buttonStyle(LinkButtonStyle(styles: styles, font: font))
        #endif
    }
}
#endif
