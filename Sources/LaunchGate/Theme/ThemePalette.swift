/// Every color LaunchGate's screens draw, worked out for one ``ThemeAppearance``: the theme's own
/// color where it sets one, and the system look where it leaves one `nil`. The SwiftUI screens
/// draw these values, and
/// ``readablePairs`` is what WCAG AA is checked on, so what is tested is what is drawn.
public struct ThemePalette: Sendable, Hashable {
    /// The screens' background (and the progress card's).
    public var background: ThemeColor.Components
    /// The banner's card over the app: the theme's background, or the system look's secondary
    /// background. Opaque, so what the banner's words are read on is known, whatever the app
    /// draws behind the banner.
    public var bannerBackground: ThemeColor.Components
    /// Titles, field labels and the loading screen's words.
    public var title: ThemeColor.Components
    /// Messages under a title, and release notes.
    public var message: ThemeColor.Components
    /// The main button's fill.
    public var buttonBackground: ThemeColor.Components
    /// The main button's label.
    public var buttonText: ThemeColor.Components
    /// Secondary buttons' labels.
    public var link: ThemeColor.Components
    /// An error's text.
    public var errorText: ThemeColor.Components
    /// The card behind an error; see-through where the theme has no card.
    public var errorBackground: ThemeColor.Components
    /// A text field's fill.
    public var fieldBackground: ThemeColor.Components
    /// What is typed in a text field.
    public var fieldText: ThemeColor.Components
    /// A text field's placeholder.
    public var placeholder: ThemeColor.Components
    /// What dims the screen under a progress overlay.
    public var overlayDim: ThemeColor.Components

    /// Text and what it is drawn on, with the contrast WCAG AA asks of it: every pair of colors a
    /// person reads on LaunchGate's screens. Backgrounds are composited (an error card over the
    /// screen), so each ratio is the one on screen.
    public var readablePairs: [ReadablePair] {
        let field = fieldBackground.composited(over: background)
        let errorCard = errorBackground.composited(over: background)
        let banner = bannerBackground.composited(over: background)
        return [
            ReadablePair("title on background", title, on: background),
            ReadablePair("message on background", message, on: background),
            ReadablePair("buttonText on buttonBackground", buttonText, on: buttonBackground.composited(over: background)),
            ReadablePair("linkText on background", link, on: background),
            ReadablePair("errorText on errorBackground", errorText, on: errorCard),
            // The destructive button (Delete Account) is filled with the error color and labelled
            // in the background's.
            ReadablePair("background on errorText", background, on: errorText.composited(over: background)),
            ReadablePair("fieldText on fieldBackground", fieldText, on: field),
            ReadablePair("placeholderText on fieldBackground", placeholder, on: field),
            ReadablePair("title on bannerBackground", title, on: banner),
            ReadablePair("message on bannerBackground", message, on: banner),
            ReadablePair("linkText on bannerBackground", link, on: banner),
        ]
    }
}

/// A color of text and the color under it, with the contrast they need.
public struct ReadablePair: Sendable, Hashable, CustomStringConvertible {
    /// Which theme colors these are, such as `buttonText on buttonBackground`.
    public var name: String
    /// The text's color, composited over the background.
    public var foreground: ThemeColor.Components
    /// What the text is drawn on, opaque.
    public var background: ThemeColor.Components
    /// The contrast WCAG AA asks: 4.5 for text of body size.
    public var minimumContrast: Double

    /// Creates a pair.
    /// - Parameters:
    ///   - name: Which colors these are.
    ///   - foreground: The text's color; composited over `background` when see-through.
    ///   - background: What it is drawn on, taken as opaque.
    ///   - minimumContrast: The ratio it needs; WCAG AA's 4.5 for body text by default.
    public init(_ name: String, _ foreground: ThemeColor.Components, on background: ThemeColor.Components,
                minimumContrast: Double = 4.5) {
        self.name = name
        self.background = ThemeColor.Components(red: background.red, green: background.green, blue: background.blue)
        self.foreground = foreground.composited(over: self.background)
        self.minimumContrast = minimumContrast
    }

    /// The contrast ratio on screen.
    public var contrast: Double { foreground.contrastRatio(with: background) }

    /// Whether the pair meets ``minimumContrast``.
    public var isReadable: Bool { contrast >= minimumContrast }

    /// The pair and its ratio, such as `linkText on background: 3.72:1 (needs 4.5:1)`.
    public var description: String {
        "\(name): \((contrast * 100).rounded() / 100):1 (needs \(minimumContrast):1)"
    }
}
