import Foundation
import LaunchGate

extension ScreenPreviews {
    /// The phones' colours as CSS custom properties, from ``LaunchGateTheme/system``'s palette, the
    /// values the SDK's SwiftUI screens draw: light, dark, and Dark Mode's raised surface for the
    /// details sheet. ``ConsoleAssets`` appends it to console.css, so a change to the SDK's colours
    /// changes the previews with it, and nothing inline is needed.
    static var paletteStylesheet: String {
        let light = LaunchGateTheme.system.palette(for: .light)
        let dark = LaunchGateTheme.system.palette(for: .dark)
        let sheet = LaunchGateTheme.system.palette(for: .darkElevated)
        return """
            /* The phone previews' colours, generated from LaunchGateTheme.system by ScreenPreviews.paletteStylesheet. */
            .phone { \(variables(light)) --lg-sheet: \(hex(light.background)); }
            @media (prefers-color-scheme: dark) {
              .phone { \(variables(dark)) --lg-sheet: \(hex(sheet.background)); }
            }

            """
    }

    private static func variables(_ palette: ThemePalette) -> String {
        [("background", palette.background), ("banner", palette.bannerBackground), ("title", palette.title), ("message", palette.message),
         ("button", palette.buttonBackground), ("button-text", palette.buttonText), ("link", palette.link),
         ("error", palette.errorText), ("error-card", palette.errorBackground), ("field", palette.fieldBackground), ("field-text", palette.fieldText), ("placeholder", palette.placeholder)]
            .map { "--lg-\($0.0): \(hex($0.1));" }.joined(separator: " ")
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the colour is see-through.
    static func hex(_ color: ThemeColor.Components) -> String {
        let channels = color.opacity < 1 ? [color.red, color.green, color.blue, color.opacity] : [color.red, color.green, color.blue]
        return "#" + channels.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
    }
}
