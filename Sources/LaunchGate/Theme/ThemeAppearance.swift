/// The appearance a theme's colors are worked out for: light mode, Dark Mode, and Dark Mode on a
/// raised surface such as a sheet, where the system background is dark grey instead of black.
public enum ThemeAppearance: String, Sendable, Hashable, CaseIterable {
    /// Light mode.
    case light
    /// Dark Mode on the base level: the system background is black.
    case dark
    /// Dark Mode on an elevated surface (a sheet, the details dialog): the system background is
    /// `#1C1C1E`, which leaves light text a little less contrast than black does.
    case darkElevated

    /// Whether a color's Dark Mode variant applies.
    public var isDark: Bool { self != .light }
}
