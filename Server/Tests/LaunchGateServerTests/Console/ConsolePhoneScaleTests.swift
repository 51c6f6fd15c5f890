import Foundation
import Testing
@testable import LaunchGateServer

/// The phone previews drew text and controls about 1.45 times the phone's scale (a 13 px body on a
/// 204 px screen, where 17 pt is 8.8 px), so lines wrapped that don't on a device, and the details
/// dialog drew the same view at sizes of its own. Every size is now the SDK's in points times one
/// `--pt`; this reads console.css and checks each against the SDK's.
@Suite("The phone previews draw every size as the SDK's, in points, at one scale")
struct ConsolePhoneScaleTests {
    /// `calc(N * var(--pt))` for each figure, `0` for zero: a CSS value in points.
    private static func pt(_ figures: Double...) -> String {
        figures.map { $0 == 0 ? "0" : "calc(\($0 == $0.rounded() ? String(Int($0)) : String($0)) * var(--pt))" }.joined(separator: " ")
    }

    /// The SDK's sizes, where each is set: GateScreenView, GateBannerView, SignInScreenView,
    /// SignInFieldView, PrimaryButtonStyle, the theme's 12 pt corners, the text styles' sizes, and
    /// a 393 × 852 pt iPhone's safe areas (59 pt at the top, 34 at the bottom).
    static let sdkSizes: [(selector: String, property: String, value: String)] = [
        (".phone", "font-size", pt(17)), (".phone", "line-height", pt(22)),
        (".phone .status-bar", "height", pt(59)),
        (".phone .screen", "padding", pt(59, 0, 34)),
        (".phone .screen-content", "padding", pt(32, 32, 0)), (".phone .screen-content", "gap", pt(20)),
        (".phone .screen-words", "gap", pt(20)),
        (".phone .screen-title", "font-size", pt(28)), (".phone .screen-title", "line-height", pt(34)),
        (".phone .screen-notes", "font-size", pt(16)),
        (".phone .screen-icon", "width", pt(56)), (".phone .screen-icon", "height", pt(56)),
        (".phone .screen-buttons", "padding", pt(16, 32)), (".phone .screen-buttons", "gap", pt(8)),
        (".phone .screen-button", "min-height", pt(44)),
        (".phone .screen-button.primary", "padding", pt(12, 16)), (".phone .screen-button.primary", "border-radius", pt(12)),
        (".phone.signIn .screen-content", "padding", pt(24, 24, 0)), (".phone.signIn .screen-content", "gap", pt(24)),
        (".phone .screen-field", "gap", pt(6)), (".phone .screen-field-label", "font-size", pt(15)),
        (".phone .screen-field-box", "padding", pt(12)), (".phone .screen-field-box", "border-radius", pt(12)),
        (".phone .screen-field-box.code", "font-size", pt(22)), (".phone .screen-error", "padding", pt(12)),
        (".phone.banner .screen", "margin", pt(59 + 8, 16, 0)), (".phone.banner .screen", "padding", pt(10, 16)),
        (".phone.banner .screen", "border-radius", pt(12)), (".phone.banner .screen", "gap", pt(12)),
        (".phone.banner .screen-icon", "width", pt(22)),
        (".phone.banner .screen-title", "font-size", pt(17)), (".phone.banner .screen-title", "font-weight", "600"),
        (".phone.banner .screen-message", "font-size", pt(15)), (".phone.banner .screen-button", "font-size", pt(15)),
        (".phone.dialog .screen", "flex", "0 0 " + pt(852 / 2)),
        (".phone.loading .screen-icon", "width", pt(37)), (".phone.loading .screen-content", "gap", pt(8)),
        (".phone.loading .screen-title", "font-size", pt(17)),
    ]

    /// Lengths in CSS pixels a phone rule may have: the frame around the screen, the 1 px hairline
    /// under a stand-in row, and the console's own words where a draft shows no screen.
    static let pixelsAllowed: Set<String> = [".phone --pt", ".phone width", ".phone height", ".phone border", ".phone border-radius",
                                             ".phone .app-row border-bottom", ".phone .absent padding", ".phone .absent font"]

    /// console.css's rules as selector → property → value, comments left out; a selector list is one key.
    private func rules() throws -> [String: [String: String]] {
        let bundle = try #require(ServerResources.bundle)
        let file = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Console/Static/console.css")
        let css = try String(contentsOf: file, encoding: .utf8).replacing(/\/\*[\s\S]*?\*\//, with: "")
        var rules: [String: [String: String]] = [:]
        for block in css.split(separator: "}") {
            let parts = block.split(separator: "{", omittingEmptySubsequences: false)
            guard let selector = parts.dropLast().last?.trimmingCharacters(in: .whitespacesAndNewlines), let body = parts.last else { continue }
            for declaration in body.split(separator: ";") {
                let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if pair.count == 2 { rules[selector, default: [:]][pair[0]] = pair[1].replacing(/\s+/, with: " ") }
            }
        }
        return rules
    }

    @Test("each size in the phone previews is the SDK's, in points times --pt")
    func sizesAreTheSDKs() throws {
        let rules = try rules()
        #expect(rules[".phone"]?["--pt"] == "calc(204px / 393)")
        for (selector, property, value) in Self.sdkSizes {
            #expect(rules[selector]?[property] == value, "\(selector) { \(property) } should be \(value), the SDK's")
        }
    }

    @Test("no phone rule sizes anything in pixels but the frame, and the dialog draws the full screen's sizes")
    func onlyOneScale() throws {
        for (selector, declarations) in try rules() where selector.hasPrefix(".phone ") || selector.hasPrefix(".phone.") || selector == ".phone" {
            for (property, value) in declarations where value.contains(/\dpx/) {
                #expect(Self.pixelsAllowed.contains("\(selector) \(property)"), "\(selector) { \(property): \(value) } is in pixels, not points")
            }
            if selector.hasPrefix(".phone.dialog .screen-") {
                let own = declarations.keys.filter { ["font-size", "line-height", "gap", "width", "height"].contains($0) }
                #expect(own.isEmpty, "\(selector) sizes the dialog's GateScreenView apart from the full screen's: \(own)")
            }
        }
    }
}
