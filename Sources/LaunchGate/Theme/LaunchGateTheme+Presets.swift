extension LaunchGateTheme {
    /// The default: the system look in light and Dark Mode, no logo, progress under the buttons.
    /// Where Apple's own colors read under WCAG AA (the secondary label, the blue, the red) it
    /// uses their Increase Contrast values.
    public static let system = LaunchGateTheme()

    /// The original sign-in app's look: black text and buttons on turquoise (#40E0D0) under the `ᕦ(ツ)ᕤ` logo,
    /// white fields with black text, errors in red on a white card, and a full-screen overlay while a
    /// request runs. Its colors are the same in Dark Mode, where every pair still reads.
    ///
    /// The seed's pure red on white reads poorly (under WCAG's 4.5:1), so the error red is darker:
    /// dark enough that the turquoise label on the Delete Account button reads too (#C00000 gave 3.95:1).
    public static let playful = LaunchGateTheme(
        background: "#40E0D0", text: "#000000", buttonBackground: "#000000", buttonText: "#FFFFFF",
        linkText: "#000000", errorText: "#A00000", errorBackground: "#FFFFFFCC", fieldBackground: "#FFFFFF",
        fieldText: "#000000", placeholderText: "#5C5C5C", overlayDim: "#0000004D", logo: "ᕦ(ツ)ᕤ", cornerRadius: 10, progressStyle: .overlay)

    /// Every theme LaunchGate ships, by name: the contrast tests check each of them.
    static let presets: [(name: String, theme: LaunchGateTheme)] = [("system", .system), ("playful", .playful)]
}
