/// How the sign-in, welcome and gate screens look, as plain data: colors as hex, the logo as
/// text, the corner radius and how a running request is shown. The screens read it from the
/// environment (`.launchGateTheme(_:)`); every decision about what they show stays in the core.
///
/// ```swift
/// LaunchGateView(policyURL: policyURL, publicKey: publicKey) { ContentView() }
///     .launchGateTheme(.playful)   // the turquoise sign-in look
/// ```
///
/// A `nil` color means the system look, so ``system`` follows light and Dark Mode by itself.
/// Every color pair of the shipped themes meets WCAG AA (4.5:1) in light and dark
/// (``palette(for:)``, ``contrastProblems()``); a color can name a Dark Mode variant
/// (``ThemeColor/init(light:dark:)``).
public struct LaunchGateTheme: Sendable, Hashable, Codable {
    /// How a running request ("Sending your code…") is shown.
    public enum ProgressStyle: String, Sendable, Hashable, Codable {
        /// Over the whole screen, dimming it, with a spinner and the text.
        case overlay
        /// Under the buttons, leaving the screen as it is.
        case inline
    }

    /// The screens' background; `nil` is the system background.
    public var background: ThemeColor?
    /// Titles and messages; `nil` is the system's primary and secondary text.
    public var text: ThemeColor?
    /// The main button's fill; `nil` is a blue that white reads on in both appearances (the app's
    /// accent color is not used, as its contrast is unknown).
    public var buttonBackground: ThemeColor?
    /// The main button's label; `nil` is white.
    public var buttonText: ThemeColor?
    /// Secondary buttons' labels ("Use a Different Email"); `nil` is a readable blue.
    public var linkText: ThemeColor?
    /// An error's text; `nil` is a red that reads on the background in both appearances.
    public var errorText: ThemeColor?
    /// The card behind an error; `nil` is none.
    public var errorBackground: ThemeColor?
    /// Text fields' fill; `nil` is the system's light or dark grey field.
    public var fieldBackground: ThemeColor?
    /// What is typed in a text field; `nil` is the system's text color. Set it with
    /// ``fieldBackground``: a light field keeps dark text in Dark Mode only if both are set.
    public var fieldText: ThemeColor?
    /// A text field's placeholder; `nil` is a readable grey.
    public var placeholderText: ThemeColor?
    /// What dims the screen under a progress overlay.
    public var overlayDim: ThemeColor
    /// Text shown large above the sign-in and welcome titles, such as `ᕦ(ツ)ᕤ`; `nil` is none.
    public var logo: String?
    /// The corner radius of buttons, fields and cards, in points.
    public var cornerRadius: Double
    /// How a running request is shown.
    public var progressStyle: ProgressStyle

    /// Creates a theme; every argument defaults to the system look.
    /// - Parameters:
    ///   - background: The screens' background; `nil` is the system background.
    ///   - text: Titles and messages; `nil` is the system's text colors.
    ///   - buttonBackground: The main button's fill; `nil` is a readable blue.
    ///   - buttonText: The main button's label; `nil` is white.
    ///   - linkText: Secondary buttons' labels; `nil` is a readable blue.
    ///   - errorText: An error's text; `nil` is a readable red.
    ///   - errorBackground: The card behind an error; `nil` is none.
    ///   - fieldBackground: Text fields' fill; `nil` is the system field.
    ///   - fieldText: What is typed in a field; `nil` is the system's text color.
    ///   - placeholderText: A field's placeholder; `nil` is a readable grey.
    ///   - overlayDim: What dims the screen under a progress overlay.
    ///   - logo: Text shown large above the sign-in and welcome titles.
    ///   - cornerRadius: Buttons', fields' and cards' corner radius, in points.
    ///   - progressStyle: How a running request is shown.
    public init(background: ThemeColor? = nil, text: ThemeColor? = nil, buttonBackground: ThemeColor? = nil,
                buttonText: ThemeColor? = nil, linkText: ThemeColor? = nil, errorText: ThemeColor? = nil,
                errorBackground: ThemeColor? = nil, fieldBackground: ThemeColor? = nil,
                fieldText: ThemeColor? = nil, placeholderText: ThemeColor? = nil, overlayDim: ThemeColor = "#0000004D", logo: String? = nil, cornerRadius: Double = 12,
                progressStyle: ProgressStyle = .inline) {
        self.background = background
        self.text = text
        self.buttonBackground = buttonBackground
        self.buttonText = buttonText
        self.linkText = linkText
        self.errorText = errorText
        self.errorBackground = errorBackground
        self.fieldBackground = fieldBackground
        self.fieldText = fieldText
        self.placeholderText = placeholderText
        self.overlayDim = overlayDim
        self.logo = logo
        self.cornerRadius = cornerRadius
        self.progressStyle = progressStyle
    }
}
