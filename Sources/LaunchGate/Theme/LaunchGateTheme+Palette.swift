extension LaunchGateTheme {
    /// The colors of the system look: what a `nil` color of a theme is drawn as. They follow
    /// Apple's system colors where those are readable (the background, label, fills) and replace
    /// the ones that fall under WCAG AA on their own backgrounds: the secondary label and the
    /// placeholder (3.4:1 on white), the system blue (4.0:1 for white on it) and red (3.6:1 on white)
    /// take Apple's Increase Contrast values instead. The app's accent color is not used: its
    /// contrast is unknown here, so set ``buttonBackground`` and ``linkText`` to brand the
    /// screens, and check them with ``contrastProblems()``.
    static let systemColors = LaunchGateTheme(
        background: ThemeColor(light: "#FFFFFF", dark: "#000000"),
        text: ThemeColor(light: "#000000", dark: "#FFFFFF"),
        buttonBackground: "#0062D6", buttonText: "#FFFFFF",
        linkText: ThemeColor(light: "#0062D6", dark: "#409CFF"),
        errorText: ThemeColor(light: "#D70015", dark: "#FF6961"),
        errorBackground: "#00000000",
        fieldBackground: ThemeColor(light: "#F2F2F7", dark: "#2C2C2E"),
        fieldText: ThemeColor(light: "#000000", dark: "#FFFFFF"),
        placeholderText: ThemeColor(light: "#6C6C70", dark: "#AEAEB2"),
        overlayDim: ThemeColor(light: "#0000004D", dark: "#00000080"))

    /// The secondary text of the system look (messages), which has no theme color of its own:
    /// a theme that sets ``text`` draws messages in it too.
    static let systemSecondaryText = ThemeColor(light: "#6C6C70", dark: "#AEAEB2")

    /// The background of Dark Mode's raised surfaces (sheets), which the system uses in place of
    /// black when the theme leaves ``background`` to it.
    static let systemElevatedBackground: ThemeColor = "#1C1C1E"

    /// The banner's card when the theme leaves ``background`` to the system: Apple's secondary
    /// system background, opaque (a material's blur would take its color from whatever the app
    /// draws behind it, which no contrast check can know).
    static let systemBannerBackground = ThemeColor(light: "#F2F2F7", dark: "#1C1C1E")

    /// Every color the screens draw in an appearance: this theme's own where it sets one (and it
    /// can be read), the system look's otherwise.
    /// - Parameter appearance: Light, dark, or dark on a raised surface.
    /// - Returns: The palette.
    public func palette(for appearance: ThemeAppearance) -> ThemePalette {
        let system = Self.systemColors
        func resolve(_ color: ThemeColor?, _ fallback: ThemeColor?) -> ThemeColor.Components {
            // Every system color parses, so the last fallback is never reached.
            color?.components(for: appearance) ?? fallback?.components(for: appearance) ?? ThemeColor.Components(red: 0, green: 0, blue: 0)
        }
        let systemBackground = appearance == .darkElevated ? Self.systemElevatedBackground : system.background
        return ThemePalette(
            background: resolve(background, systemBackground),
            bannerBackground: resolve(background, Self.systemBannerBackground),
            title: resolve(text, system.text),
            message: resolve(text, Self.systemSecondaryText),
            buttonBackground: resolve(buttonBackground, system.buttonBackground),
            buttonText: resolve(buttonText, system.buttonText),
            link: resolve(linkText, system.linkText),
            errorText: resolve(errorText, system.errorText),
            errorBackground: resolve(errorBackground, system.errorBackground),
            fieldBackground: resolve(fieldBackground, system.fieldBackground),
            fieldText: resolve(fieldText, system.fieldText),
            placeholder: resolve(placeholderText, system.placeholderText),
            overlayDim: resolve(overlayDim, system.overlayDim))
    }

    /// Every pair of colors a person reads on the screens that falls under WCAG AA, in every
    /// appearance. Empty for the shipped themes; run it in a test of your own theme.
    ///
    /// ```swift
    /// let brand = LaunchGateTheme(buttonBackground: "#0B6E4F", linkText: ThemeColor(light: "#0B6E4F", dark: "#6FD6A8"))
    /// assert(brand.contrastProblems().isEmpty)
    /// ```
    /// - Returns: Each failing pair with its appearance.
    public func contrastProblems() -> [(appearance: ThemeAppearance, pair: ReadablePair)] {
        ThemeAppearance.allCases.flatMap { appearance in
            palette(for: appearance).readablePairs.filter { !$0.isReadable }.map { (appearance, $0) }
        }
    }
}
