import Foundation
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateServer

/// The phone previews drew text and controls about 1.45 times the phone's scale (a 13 px body on a
/// 204 px screen, where 17 pt is 8.8 px), so lines wrapped that don't on a device, and the details
/// dialog drew the same view at sizes of its own. Every size is now the SDK's in points times one
/// `--pt`; this reads console.css and checks each against ``LaunchGateMetrics``, the sizes the SDK's
/// views are drawn at, so a change to one of them fails here until the previews follow.
@Suite("The phone previews draw every size as the SDK's, in points, at one scale")
struct ConsolePhoneScaleTests {
    /// `calc(N * var(--pt))` for each figure, `0` for zero: a CSS value in points.
    private static func pt(_ figures: Double...) -> String {
        figures.map { $0 == 0 ? "0" : "calc(\($0 == $0.rounded() ? String(Int($0)) : String($0)) * var(--pt))" }.joined(separator: " ")
    }

    // Apple's sizes, which the SDK doesn't set: its views use the system's text styles, whose size and
    // line height at the default text size are SF Pro's, the system's padding, the large spinner, a
    // 393 × 852 pt iPhone's safe areas (59 pt at the top, 34 at the bottom) and its sheet's medium
    // detent (half the screen).
    private static let body = 17.0, bodyLine = 22.0, title = 28.0, titleLine = 34.0, callout = 16.0, subheadline = 15.0
    private static let title2 = 22.0, headline = 17.0, systemPadding = 16.0, largeSpinner = 37.0, spinnerLabelSpacing = 8.0
    private static let topSafeArea = 59.0, bottomSafeArea = 34.0, screenHeight = 852.0

    /// Each size of the previews and where it comes from: the SDK's ``LaunchGateMetrics`` and the
    /// system theme's corners, or Apple's sizes above.
    static let sdkSizes: [(selector: String, property: String, value: String)] = {
        let sdk = LaunchGateMetrics.self, corner = LaunchGateTheme.system.cornerRadius
        return [
            (".phone", "font-size", pt(body)), (".phone", "line-height", pt(bodyLine)),
            (".phone .status-bar", "height", pt(topSafeArea)),
            (".phone .screen", "padding", pt(topSafeArea, 0, bottomSafeArea)),
            (".phone .screen-content", "padding", pt(sdk.gatePadding, sdk.gatePadding, 0)), (".phone .screen-content", "gap", pt(sdk.gateSpacing)),
            (".phone .screen-words", "gap", pt(sdk.gateSpacing)),
            (".phone .screen-title", "font-size", pt(title)), (".phone .screen-title", "line-height", pt(titleLine)),
            (".phone .screen-notes", "font-size", pt(callout)),
            (".phone .screen-icon", "width", pt(sdk.gateIconSize)), (".phone .screen-icon", "height", pt(sdk.gateIconSize)),
            (".phone .screen-buttons", "padding", pt(sdk.gateButtonsVerticalPadding, sdk.gateButtonsHorizontalPadding)),
            (".phone .screen-buttons", "gap", pt(sdk.buttonSpacing)),
            (".phone .screen-button", "min-height", pt(sdk.minimumTapTarget)),
            (".phone .screen-button.primary", "padding", pt(sdk.primaryButtonVerticalPadding, sdk.primaryButtonHorizontalPadding)),
            (".phone .screen-button.primary", "border-radius", pt(corner)),
            (".phone.signIn .screen-content", "padding", pt(sdk.signInPadding, sdk.signInPadding, 0)),
            (".phone.signIn .screen-content", "gap", pt(sdk.signInSpacing)), (".phone.signIn .screen-words", "gap", pt(sdk.signInSpacing)),
            (".phone.signIn .screen-buttons", "padding", pt(sdk.signInSpacing, sdk.signInPadding, 0)),
            (".phone .screen-field", "gap", pt(sdk.fieldLabelSpacing)), (".phone .screen-field-label", "font-size", pt(subheadline)),
            (".phone .screen-field-box", "padding", pt(sdk.fieldPadding)), (".phone .screen-field-box", "border-radius", pt(corner)),
            (".phone .screen-field-box.code", "font-size", pt(title2)), (".phone .screen-error", "padding", pt(sdk.errorPadding)),
            (".phone.banner .screen", "margin", pt(topSafeArea + sdk.bannerTopMargin, systemPadding, 0)),
            (".phone.banner .screen", "padding", pt(sdk.bannerVerticalPadding, sdk.bannerHorizontalPadding)),
            (".phone.banner .screen", "border-radius", pt(corner)), (".phone.banner .screen", "gap", pt(sdk.bannerSpacing)),
            (".phone.banner .screen-content", "gap", pt(sdk.bannerSpacing)), (".phone.banner .screen-words", "gap", pt(sdk.bannerLineSpacing)),
            (".phone.banner .screen-icon", "width", pt(title2)),
            (".phone.banner .screen-title", "font-size", pt(headline)), (".phone.banner .screen-title", "font-weight", "600"),
            (".phone.banner .screen-message", "font-size", pt(subheadline)), (".phone.banner .screen-button", "font-size", pt(subheadline)),
            (".phone.dialog .screen", "flex", "0 0 " + pt(screenHeight / 2)),
            (".phone.loading .screen-icon", "width", pt(largeSpinner)), (".phone.loading .screen-content", "gap", pt(spinnerLabelSpacing)),
            (".phone.loading .screen-title", "font-size", pt(body)),
        ]
    }()

    /// Lengths in CSS pixels a phone rule may have: the frame around the screen, the 1 px hairline
    /// under a stand-in row, and the console's own words where a draft shows no screen.
    static let pixelsAllowed: Set<String> = [".phone --pt", ".phone width", ".phone height", ".phone border", ".phone border-radius",
                                             ".phone .app-row border-bottom", ".phone .absent padding", ".phone .absent font"]

    /// A rule of console.css: its selector (a selector list is one), its declarations, and the `@`-rule
    /// it sits in (`@media (max-width: 700px)`), `nil` at the top level.
    private typealias Rule = (selector: String, atRule: String?, declarations: [String: String])

    /// console.css's rules in order, comments left out.
    private func rules() throws -> [Rule] {
        let bundle = try #require(ServerResources.bundle)
        let file = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Console/Static/console.css")
        let css = try String(contentsOf: file, encoding: .utf8).replacing(/\/\*[\s\S]*?\*\//, with: "")
        return try Self.rules(in: css[...], atRule: nil)
    }

    /// The rules of `css`, reading an `@`-block's rules as its own, so a rule inside `@media { }` is
    /// never taken for the top-level rule of the same selector.
    private static func rules(in css: Substring, atRule: String?) throws -> [Rule] {
        var rules: [Rule] = []
        var rest = css
        while let open = rest.firstIndex(of: "{") {
            // What a statement such as `@import …;` leaves before the selector is not part of it.
            let prelude = (rest[..<open].split(separator: ";").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            var depth = 0
            let close = try #require(rest[open...].indices.first { index in
                depth += rest[index] == "{" ? 1 : rest[index] == "}" ? -1 : 0
                return depth == 0
            }, "console.css has an unclosed { after \(prelude)")
            let body = rest[rest.index(after: open)..<close]
            if prelude.hasPrefix("@") {
                rules += try Self.rules(in: body, atRule: prelude)
            } else {
                var declarations: [String: String] = [:]
                for declaration in body.split(separator: ";") {
                    let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    if pair.count == 2 { declarations[pair[0]] = pair[1].replacing(/\s+/, with: " ") }
                }
                rules.append((prelude, atRule, declarations))
            }
            rest = rest[rest.index(after: close)...]
        }
        return rules
    }

    /// The top-level rules as selector → property → value; a later rule's value wins, as in CSS.
    private func topLevelRules() throws -> [String: [String: String]] {
        try rules().filter { $0.atRule == nil }.reduce(into: [:]) { merged, rule in
            merged[rule.selector, default: [:]].merge(rule.declarations) { $1 }
        }
    }

    /// Whether a selector (or one of a list) draws inside a phone preview.
    private static func isPhone(_ selector: String) -> Bool {
        selector.split(separator: ",").contains { part in
            let part = part.trimmingCharacters(in: .whitespaces)
            return part == ".phone" || part.hasPrefix(".phone ") || part.hasPrefix(".phone.")
        }
    }

    @Test("each size in the phone previews is the SDK's, in points times --pt")
    func sizesAreTheSDKs() throws {
        let rules = try topLevelRules()
        #expect(rules[".phone"]?["--pt"] == "calc(204px / 393)")
        for (selector, property, value) in Self.sdkSizes {
            #expect(rules[selector]?[property] == value, "\(selector) { \(property) } should be \(value), the SDK's")
        }
    }

    @Test("no phone rule sizes anything in pixels but the frame, and the dialog draws the full screen's sizes")
    func onlyOneScale() throws {
        for (selector, declarations) in try topLevelRules() where Self.isPhone(selector) {
            for (property, value) in declarations where value.contains(/\dpx/) {
                #expect(Self.pixelsAllowed.contains("\(selector) \(property)"), "\(selector) { \(property): \(value) } is in pixels, not points")
            }
            if selector.hasPrefix(".phone.dialog .screen-") {
                let own = declarations.keys.filter { ["font-size", "line-height", "gap", "width", "height"].contains($0) }
                #expect(own.isEmpty, "\(selector) sizes the dialog's GateScreenView apart from the full screen's: \(own)")
            }
        }
    }

    @Test("no @media block resizes a phone: the previews keep the SDK's sizes at every window width")
    func noMediaQueryResizesAPhone() throws {
        let rules = try rules()
        #expect(rules.contains { $0.atRule?.hasPrefix("@media") == true }, "console.css's @media blocks were not read")
        for rule in rules where rule.atRule != nil && Self.isPhone(rule.selector) {
            for (property, value) in rule.declarations where property == "--pt" || value.contains(/\d(px|pt|em|rem|%|vw|vh)|var\(--pt\)/) {
                Issue.record("\(rule.atRule ?? "") { \(rule.selector) { \(property): \(value) } } sizes a phone apart from the SDK's sizes")
            }
        }
    }
}
