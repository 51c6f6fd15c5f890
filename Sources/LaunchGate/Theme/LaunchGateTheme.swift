/// How the sign-in, welcome and gate screens look, as plain data: colors as hex, the logo as
/// text, the corner radius and how a running request is shown. The screens read it from the
/// environment (`.launchGateTheme(_:)`); every decision about what they show stays in the core.
///
/// ```swift
/// LaunchGateView(policyURL: policyURL, publicKey: publicKey) { ContentView() }
///     .launchGateTheme(.playful)   // the turquoise sign-in look
/// ```
///
/// A `nil` color means the system's own, so ``system`` follows light and dark mode, the app's
/// accent color and Increase Contrast by itself.
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
    /// The main button's fill; `nil` is the app's accent color.
    public var buttonBackground: ThemeColor?
    /// The main button's label; `nil` is white.
    public var buttonText: ThemeColor?
    /// Secondary buttons' labels ("Use a Different Email"); `nil` is the app's accent color.
    public var linkText: ThemeColor?
    /// An error's text; `nil` is the system red.
    public var errorText: ThemeColor?
    /// The card behind an error; `nil` is none.
    public var errorBackground: ThemeColor?
    /// Text fields' fill; `nil` is the system's rounded-border field.
    public var fieldBackground: ThemeColor?
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
    ///   - buttonBackground: The main button's fill; `nil` is the accent color.
    ///   - buttonText: The main button's label; `nil` is white.
    ///   - linkText: Secondary buttons' labels; `nil` is the accent color.
    ///   - errorText: An error's text; `nil` is the system red.
    ///   - errorBackground: The card behind an error; `nil` is none.
    ///   - fieldBackground: Text fields' fill; `nil` is the system field.
    ///   - overlayDim: What dims the screen under a progress overlay.
    ///   - logo: Text shown large above the sign-in and welcome titles.
    ///   - cornerRadius: Buttons', fields' and cards' corner radius, in points.
    ///   - progressStyle: How a running request is shown.
    public init(background: ThemeColor? = nil, text: ThemeColor? = nil, buttonBackground: ThemeColor? = nil,
                buttonText: ThemeColor? = nil, linkText: ThemeColor? = nil, errorText: ThemeColor? = nil,
                errorBackground: ThemeColor? = nil, fieldBackground: ThemeColor? = nil,
                overlayDim: ThemeColor = "#0000004D", logo: String? = nil, cornerRadius: Double = 12,
                progressStyle: ProgressStyle = .inline) {
        self.background = background
        self.text = text
        self.buttonBackground = buttonBackground
        self.buttonText = buttonText
        self.linkText = linkText
        self.errorText = errorText
        self.errorBackground = errorBackground
        self.fieldBackground = fieldBackground
        self.overlayDim = overlayDim
        self.logo = logo
        self.cornerRadius = cornerRadius
        self.progressStyle = progressStyle
    }
}
