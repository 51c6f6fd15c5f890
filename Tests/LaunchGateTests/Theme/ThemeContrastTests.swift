import Testing
@testable import LaunchGate

@Suite("Every color pair of every shipped theme reads at WCAG AA, in light and Dark Mode")
struct ThemeContrastTests {
    private static let cases = LaunchGateTheme.presets.flatMap { preset in
        ThemeAppearance.allCases.map { (preset.name, $0) }
    }

    @Test("each text color on what it is drawn on is at least 4.5:1", arguments: cases)
    func presetsAreReadable(preset: String, appearance: ThemeAppearance) throws {
        let theme = try #require(LaunchGateTheme.presets.first { $0.name == preset }?.theme)
        let pairs = theme.palette(for: appearance).readablePairs
        #expect(pairs.count == 11, "every pair a person reads is checked, the banner's and the Delete Account button's included")
        for pair in pairs {
            #expect(pair.isReadable, "\(preset) in \(appearance): \(pair)")
        }
    }

    @Test("the contrast is WCAG's: 21:1 for black on white, 1:1 for a color on itself, 4.5:1 at #767676 on white")
    func wcagFormula() {
        let black = ThemeColor.Components(red: 0, green: 0, blue: 0)
        let white = ThemeColor.Components(red: 1, green: 1, blue: 1)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(white.contrastRatio(with: black) == black.contrastRatio(with: white))
        #expect(abs(white.contrastRatio(with: white) - 1) < 1e-9)
        // #767676 is the lightest grey that passes AA on white (4.54:1); #777777 fails (4.48:1).
        let passing = ThemeColor(hex: "#767676").components!
        let failing = ThemeColor(hex: "#777777").components!
        #expect(ReadablePair("grey", passing, on: white).isReadable)
        #expect(!ReadablePair("grey", failing, on: white).isReadable)
    }

    @Test("a see-through color is judged as it looks over its background")
    func compositing() {
        let white = ThemeColor.Components(red: 1, green: 1, blue: 1)
        let halfBlack = ThemeColor(hex: "#00000080").components!
        let grey = halfBlack.composited(over: white)
        #expect(abs(grey.red - (1 - 128.0 / 255)) < 1e-9)
        #expect(grey.opacity == 1)
    }

    @Test("the Delete Account button's label, the background on the error color, is checked: turquoise on #C00000 is 3.95:1")
    func destructiveButton() throws {
        var before = LaunchGateTheme.playful
        before.errorText = "#C00000"
        let pair = try #require(before.palette(for: .light).readablePairs.first { $0.name == "background on errorText" })
        #expect(!pair.isReadable && (pair.contrast * 100).rounded() == 395)
        let raised = try #require(before.palette(for: .light).increasingContrast().readablePairs.first { $0.name == pair.name })
        #expect(raised.contrast >= 7, "Increase Contrast darkens the fill")
    }

    @Test("the bug this guards against: a white field with the system's text in Dark Mode is white on white")
    func whiteFieldInDarkMode() {
        // Seed 002's look as it was: a white field, and the typed text left to the system.
        var before = LaunchGateTheme.playful
        before.fieldText = nil
        before.placeholderText = nil
        let problems = before.contrastProblems()
        #expect(problems.contains { $0.appearance == .dark && $0.pair.name == "fieldText on fieldBackground" })
        #expect(problems.contains { $0.appearance == .dark && $0.pair.name == "placeholderText on fieldBackground" })
        #expect(!problems.contains { $0.appearance == .light }, "in light mode the same theme reads")
        #expect(LaunchGateTheme.playful.contrastProblems().isEmpty)
    }

    @Test("Apple's own secondary label, blue and red would fail on white, so the system look doesn't use them")
    func appleDefaultsFail() {
        let white = ThemeColor.Components(red: 1, green: 1, blue: 1)
        for hex in ["#8A8A8E", "#007AFF", "#FF3B30"] {
            #expect(!ReadablePair(hex, ThemeColor(hex: hex).components!, on: white).isReadable)
        }
    }

    @Test("a color's Dark Mode variant is used in both dark appearances, and the plain hex in light mode")
    func darkVariant() {
        let color = ThemeColor(light: "#000000", dark: "#FFFFFF")
        #expect(color.components(for: .light)?.red == 0)
        #expect(color.components(for: .dark)?.red == 1)
        #expect(color.components(for: .darkElevated)?.red == 1)
        #expect(ThemeColor(hex: "#123456").components(for: .dark) == ThemeColor(hex: "#123456").components)
    }

    @Test("with Increase Contrast every pair of every preset reads at 7:1 (WCAG AAA); what already read is kept", arguments: cases)
    func increasedContrast(preset: String, appearance: ThemeAppearance) throws {
        let theme = try #require(LaunchGateTheme.presets.first { $0.name == preset }?.theme)
        let standard = theme.palette(for: appearance)
        let increased = standard.increasingContrast()
        for pair in increased.readablePairs {
            #expect(pair.contrast >= 7, "\(preset) in \(appearance), Increase Contrast: \(pair)")
        }
        // Only what fell short moves: a palette that reads is left as it is, black titles stay black.
        #expect(increased.increasingContrast() == increased)
        #expect(increased.title == standard.title)
        #expect(increased.background == standard.background)
    }

    @Test("the banner's words are checked on the banner's own card, which is opaque: the system look's secondary background")
    func bannerCard() {
        let light = LaunchGateTheme.system.palette(for: .light)
        #expect(light.bannerBackground == ThemeColor(hex: "#F2F2F7").components)
        #expect(LaunchGateTheme.system.palette(for: .dark).bannerBackground == ThemeColor(hex: "#1C1C1E").components)
        #expect(LaunchGateTheme.playful.palette(for: .dark).bannerBackground == ThemeColor(hex: "#40E0D0").components)
        // A grey that reads on white (4.6:1) but not on the banner's grey card is caught there.
        var theme = LaunchGateTheme.system
        theme.linkText = "#737373"
        let problems = theme.contrastProblems().filter { $0.appearance == .light }.map(\.pair.name)
        #expect(problems == ["linkText on bannerBackground"])
    }

    @Test("on a raised surface in Dark Mode the system background is #1C1C1E, unless the theme sets one")
    func elevated() {
        #expect(LaunchGateTheme.system.palette(for: .darkElevated).background == ThemeColor(hex: "#1C1C1E").components)
        #expect(LaunchGateTheme.system.palette(for: .dark).background == ThemeColor(hex: "#000000").components)
        #expect(LaunchGateTheme.playful.palette(for: .darkElevated).background == ThemeColor(hex: "#40E0D0").components)
    }
}
