/// The sizes, in points, that the built-in screens (LaunchGateUI's SwiftUI views, which its UIKit
/// controllers host) are drawn at: the spacing, padding, icon sizes and button sizes. They live in
/// the core, which builds everywhere, so that the views and the server's console previews read the
/// same values, as ``LaunchGateTheme/palette(for:)`` gives both the same colors: a size changed
/// here changes the screens, and the console's check of its previews then fails until they match.
///
/// SPI, not public API: the names describe today's layout, and a `static let` can't follow Dynamic
/// Type, size class or platform, so apps shouldn't build on them (a custom screen that wants the
/// built-in look wraps LaunchGateUI's views). The console's check reads the value Linux compiles,
/// so a size that ever differs per platform keeps iPhone's value in the branch Linux builds.
///
/// Text sizes are not here: the screens use the system's text styles, which follow Dynamic Type.
/// Corners are the theme's ``LaunchGateTheme/cornerRadius``.
@_spi(LaunchGateServer) public enum LaunchGateMetrics {
    // MARK: Update, end-of-life and device screens, and the details dialog (GateScreenView)

    /// Between the icon, the title, the message and the release notes.
    public static let gateSpacing: Double = 20
    /// Around the words, on every side.
    public static let gatePadding: Double = 32
    /// The icon's size at the default text size; it grows with the large title's text style.
    public static let gateIconSize: Double = 56
    /// The widest the words and the buttons get, centred, on an iPad or a Mac.
    public static let gateMaxWidth: Double = 560
    /// On each side of the button stack under the words: the words' padding, so that buttons and
    /// words line up.
    public static let gateButtonsHorizontalPadding: Double = gatePadding
    /// Above and below the button stack under the words.
    public static let gateButtonsVerticalPadding: Double = 16

    // MARK: Sign-in and welcome screens (SignInScreenView)

    /// Between the logo, the title, the message, the field, the error and the buttons.
    public static let signInSpacing: Double = 24
    /// Around the screen's column, on every side.
    public static let signInPadding: Double = 24
    /// The widest the column gets, centred, on an iPad or a Mac.
    public static let signInMaxWidth: Double = 480
    /// The theme's logo's font size at the default text size; it grows with the large title's text style.
    public static let signInLogoSize: Double = 80
    /// Between a field's label and its box.
    public static let fieldLabelSpacing: Double = 6
    /// Inside a field's box, on every side.
    public static let fieldPadding: Double = 12
    /// Inside the card behind a sign-in error, on every side.
    public static let errorPadding: Double = 12
    /// Inside the progress overlay's card ("Sending your code…"), on every side.
    public static let progressPadding: Double = 24

    // MARK: The banner (GateBannerView)

    /// Inside the banner's card, at its leading and trailing edges.
    public static let bannerHorizontalPadding: Double = 16
    /// Inside the banner's card, above and below.
    public static let bannerVerticalPadding: Double = 10
    /// Between the top of the safe area and the banner's card.
    public static let bannerTopMargin: Double = 8
    /// Between the icon and the words, and between the words and the dismiss button.
    public static let bannerSpacing: Double = 12
    /// Between the words and the dismiss button when, at accessibility text sizes, they stack.
    public static let bannerStackedSpacing: Double = 8
    /// Between the banner's title and its message.
    public static let bannerLineSpacing: Double = 2

    // MARK: Buttons

    /// Between the buttons of a stack (tvOS keeps the system's buttons and spacing).
    public static let buttonSpacing: Double = 8
    /// Inside the main button, at its leading and trailing edges (not on tvOS, which keeps the
    /// system's button).
    public static let primaryButtonHorizontalPadding: Double = 16
    /// Inside the main button, above and below its label.
    public static let primaryButtonVerticalPadding: Double = 12
    /// The least height of the screens' buttons, and width of a link button: Apple's smallest tap
    /// target on iPhone and iPad (tvOS keeps the system's buttons; the banner's own tap area is
    /// the whole card).
    public static let minimumTapTarget: Double = 44
    /// The width of an outlined button's border (Cancel beside Delete Account), in points.
    public static let outlineWidth: Double = 1.5
    /// The corner radius of the highlight on a link button that is looked at (visionOS) or
    /// pointed at (iPad); no other platform draws it.
    public static let linkHighlightCornerRadius: Double = 8
}
