import Foundation
import Testing
@testable import LaunchGate

@Suite("Themes as plain data: hex colors and the shipped looks")
struct ThemeTests {
    @Test("six hex digits are an opaque color, with or without the #")
    func opaque() throws {
        let turquoise = try #require(ThemeColor(hex: "#40E0D0").components)
        let expected = ThemeColor.Components(red: 64.0 / 255, green: 224.0 / 255, blue: 208.0 / 255, opacity: 1)
        #expect(turquoise == expected)
        #expect(ThemeColor(hex: "40e0d0").components == turquoise)
    }

    @Test("eight hex digits carry the opacity last")
    func withOpacity() throws {
        let dim = try #require(ThemeColor(hex: "#0000004D").components)
        #expect(dim.red == 0)
        #expect(dim.blue == 0)
        let expected: Double = 77 / 255
        #expect(abs(dim.opacity - expected) < 1e-9)
    }

    @Test("anything else is no color, so the screen falls back to the system's", arguments: ["", "#", "#FFF", "#GGGGGG", "#40E0D0F", "#40E0D0FFAA", "red"])
    func malformed(hex: String) {
        #expect(ThemeColor(hex: hex).components == nil)
    }

    @Test("seed 002's look is turquoise with black buttons, the logo and a full-screen overlay; the default is the system's")
    func presets() {
        #expect(LaunchGateTheme.playful.background == "#40E0D0")
        #expect(LaunchGateTheme.playful.buttonBackground == "#000000")
        #expect(LaunchGateTheme.playful.logo == "ᕦ(ツ)ᕤ")
        #expect(LaunchGateTheme.playful.progressStyle == .overlay)
        #expect(LaunchGateTheme.system.background == nil)
        #expect(LaunchGateTheme.system.logo == nil)
        #expect(LaunchGateTheme.playful.allColors.allSatisfy { $0.components != nil }, "every shipped color parses")
    }

    @Test("a theme round-trips through JSON, so a console or a file can hold one")
    func codable() throws {
        let data = try JSONEncoder().encode(LaunchGateTheme.playful)
        #expect(try JSONDecoder().decode(LaunchGateTheme.self, from: data) == .playful)
        let darkVariant = LaunchGateTheme(linkText: ThemeColor(light: "#0062D6", dark: "#409CFF"))
        #expect(try JSONDecoder().decode(LaunchGateTheme.self, from: JSONEncoder().encode(darkVariant)) == darkVariant)
    }

    @Test("a theme written before Dark Mode variants and field text colors still reads")
    func olderJSON() throws {
        let json = ##"{"background": {"hex": "#40E0D0"}, "overlayDim": {"hex": "#0000004D"}, "cornerRadius": 10, "progressStyle": "overlay"}"##
        let theme = try JSONDecoder().decode(LaunchGateTheme.self, from: Data(json.utf8))
        #expect(theme.background == "#40E0D0")
        #expect(theme.fieldText == nil)
        #expect(theme.background?.dark == nil)
    }
}

extension LaunchGateTheme {
    fileprivate var allColors: [ThemeColor] {
        let optional: [ThemeColor?] = [background, text, buttonBackground, buttonText, linkText, errorText, errorBackground,
                                       fieldBackground, fieldText, placeholderText]
        return optional.compactMap { $0 } + [overlayDim]
    }
}
