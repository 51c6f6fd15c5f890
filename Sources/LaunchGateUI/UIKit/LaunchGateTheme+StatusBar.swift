// tvOS and visionOS have no status bar.
#if canImport(UIKit) && !os(watchOS) && !os(tvOS) && !os(visionOS)
import LaunchGate
import UIKit

extension LaunchGateTheme {
    /// The status bar's style over this theme's screens: dark text where black reads better than
    /// white on the screens' background in that appearance, light text otherwise.
    /// - Parameter style: The appearance the screens are drawn in.
    /// - Returns: `.darkContent` or `.lightContent`; never `.default`, which follows Dark Mode
    ///   rather than the background.
    func statusBarStyle(for style: UIUserInterfaceStyle) -> UIStatusBarStyle {
        let background = palette(for: style == .dark ? .dark : .light).background
        let black = ThemeColor.Components(red: 0, green: 0, blue: 0)
        let white = ThemeColor.Components(red: 1, green: 1, blue: 1)
        return black.contrastRatio(with: background) >= white.contrastRatio(with: background) ? .darkContent : .lightContent
    }
}
#endif
