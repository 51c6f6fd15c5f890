extension LaunchGateTheme {
    /// The default: system colors, the app's accent color on buttons, no logo, progress under the
    /// buttons. It adapts to dark mode and Increase Contrast.
    public static let system = LaunchGateTheme()

    /// The original sign-in app's look: black text and buttons on turquoise (#40E0D0) under the `ᕦ(ツ)ᕤ` logo,
    /// white fields, errors in red on a white card, and a full-screen overlay while a request runs.
    ///
    /// The seed's pure red on white reads poorly (under WCAG's 4.5:1), so the error red is darker.
    public static let playful = LaunchGateTheme(
        background: "#40E0D0", text: "#000000", buttonBackground: "#000000", buttonText: "#FFFFFF",
        linkText: "#000000", errorText: "#C00000", errorBackground: "#FFFFFFCC", fieldBackground: "#FFFFFF",
        overlayDim: "#0000004D", logo: "ᕦ(ツ)ᕤ", cornerRadius: 10, progressStyle: .overlay)
}
