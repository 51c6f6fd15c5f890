extension ThemePalette {
    /// The palette for Increase Contrast (the accessibility setting): every text color that reads
    /// under `ratio` on what it is drawn on is moved toward black or white, whichever its
    /// backgrounds are further from, until it reaches `ratio` there; a button's fill moves the other
    /// way when its label can't go further. The shipped themes' colors are fixed, so without this
    /// the setting would change nothing on LaunchGate's screens.
    ///
    /// ```swift
    /// let palette = LaunchGateTheme.playful.palette(for: .dark).increasingContrast()
    /// ```
    /// - Parameter ratio: The contrast to reach; WCAG AAA's 7:1 by default.
    /// - Returns: The palette, with only the colors that fell short changed.
    public func increasingContrast(to ratio: Double = 7) -> ThemePalette {
        var palette = self
        let field = fieldBackground.composited(over: background)
        let errorCard = errorBackground.composited(over: background)
        let banner = bannerBackground.composited(over: background)
        palette.title = Self.raise(title, on: [background, banner], to: ratio)
        palette.message = Self.raise(message, on: [background, banner], to: ratio)
        palette.link = Self.raise(link, on: [background, banner], to: ratio)
        // The error color is also the destructive button's fill, labelled in the background's color.
        palette.errorText = Self.raise(errorText, on: [errorCard, background], to: ratio)
        palette.fieldText = Self.raise(fieldText, on: [field], to: ratio)
        palette.placeholder = Self.raise(placeholder, on: [field], to: ratio)
        let fill = buttonBackground.composited(over: background)
        palette.buttonText = Self.raise(buttonText, on: [fill], to: ratio)
        // White on a mid blue can't reach 7:1 by the label alone: darken (or lighten) the fill.
        palette.buttonBackground = Self.raise(fill, on: [palette.buttonText.composited(over: fill)], to: ratio)
        return palette
    }

    /// `color` mixed toward black or white in small steps until it reads at `ratio` on every one
    /// of `backgrounds`, or is black or white.
    private static func raise(_ color: ThemeColor.Components, on backgrounds: [ThemeColor.Components],
                              to ratio: Double) -> ThemeColor.Components {
        func reads(_ candidate: ThemeColor.Components) -> Bool {
            backgrounds.allSatisfy { candidate.composited(over: $0).contrastRatio(with: $0) >= ratio }
        }
        guard !reads(color) else { return color }
        let black = ThemeColor.Components(red: 0, green: 0, blue: 0)
        let white = ThemeColor.Components(red: 1, green: 1, blue: 1)
        // Toward whichever of black and white stands further from the backgrounds.
        let toBlack = backgrounds.map { black.contrastRatio(with: $0) }.min() ?? 0
        let toWhite = backgrounds.map { white.contrastRatio(with: $0) }.min() ?? 0
        let target = toBlack >= toWhite ? black : white
        var mixed = color
        for step in 1...20 {
            let amount = Double(step) / 20
            mixed = ThemeColor.Components(red: color.red + (target.red - color.red) * amount,
                                          green: color.green + (target.green - color.green) * amount,
                                          blue: color.blue + (target.blue - color.blue) * amount,
                                          opacity: color.opacity + (1 - color.opacity) * amount)
            if reads(mixed) { break }
        }
        return mixed
    }
}
