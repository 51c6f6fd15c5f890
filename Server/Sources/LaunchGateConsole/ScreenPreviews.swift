import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// Every screen a draft policy produces, per platform and locale, with the SDK's own words: each
/// update screen comes from ``UpdateEvaluator`` run for an install that would see it, and
/// ``GateScreen/make(for:style:platform:hasUpdateURL:strings:)``; sign-in (both steps) and welcome
/// from ``SignInScreen``. Nothing here decides a text.
enum ScreenPreviews {
    /// The previews of one platform in one locale.
    struct Group: ConsoleView {
        package let platform: String
        package let platformID: String
        package let locale: String
        package let rightToLeft: Bool
        /// Whether the phones get an iPhone's status bar, Dynamic Island and home indicator: on
        /// other platforms the screens sit in that system's own chrome, which the preview doesn't
        /// draw, so they get a plain frame rather than an iPhone's.
        package let isIPhone: Bool
        package let screens: [Screen]
    }

    /// The locales shown at the most per platform, so a document listing many stays one page.
    static let maximumLocales = 8
    /// Platform-and-locale groups shown at the most in all: with seven platforms, eight locales
    /// each would be 56 groups of eight phones, megabytes per keystroke.
    static let maximumGroups = 16
    /// The most of a message or of release notes a phone shows, in UTF-8 bytes: a phone
    /// preview shows far less, and the stylesheet clips the rest anyway; the cut is marked "…".
    static let maximumTextBytes = 1_000
    /// The installed version previews ask about: below every release a policy can name.
    package static let oldest = AppVersion([0, 0, 1])

    /// The previews of every platform in the draft, in English and each locale its texts name, at
    /// most ``maximumLocales`` per platform and ``maximumGroups`` in all.
    /// - Returns: The groups, and how many platform-and-locale pairs were left out.
    package static func groups(for policy: UpdatePolicy, now: Date) -> (groups: [Group], omitted: Int) {
        var groups: [Group] = []
        var omitted = 0
        // In the SDK's order of platforms (iOS first), as the fields beside them.
        for (platform, entry) in policy.platformsInOrder {
            let all = ["en"] + entry.texts.keys.sorted().filter { $0 != "en" }
            let locales = all.prefix(min(maximumLocales, maximumGroups - groups.count))
            omitted += all.count - locales.count
            for locale in locales {
                let strings = LaunchGateStrings.forLanguages([locale])
                groups.append(Group(platform: platform.osName, platformID: platform.rawValue, locale: locale, rightToLeft: strings.isRightToLeft,
                                    isIPhone: platform == .ios,
                                    screens: screens(entry, platform: platform, locale: locale, strings: strings, now: now)))
            }
        }
        return (groups, omitted)
    }

    /// The code step as ``SignInFlow`` shows it after the server refused the code: the typed
    /// digits kept and locked, the SDK's words for the refusal, and the one way on, Enter the Code
    /// Again (ConsoleScreenPreviewsTests compares it with a real flow's screen).
    private static func wrongCode(_ delivery: CodeDelivery, strings: LaunchGateStrings) -> SignInScreen {
        let typed = String((1...delivery.codeLength).map { Character(String($0 % 10)) })
        var screen = SignInScreen.codeEntry(email: "ada@example.com", codeLength: delivery.codeLength, code: typed, strings: strings,
                                            isEditable: false, secondsUntilResend: Int(delivery.resendAfter), canVerify: false, canResend: false)
        screen.error = SignInError.invalidCode.localizedMessage(strings)
        screen.actions = [SignInAction(title: strings.text(.enterCodeAgain), role: .recover)]
        return screen
    }

    /// The start of a long text, cut at a character boundary within ``maximumTextBytes``, marked "…".
    package static func shown(_ text: String) -> String {
        text.shortened(toUTF8Bytes: maximumTextBytes)
    }

    /// When a screen tied to a date shows, whatever the time of the preview: a maintenance window
    /// at its start, an OS notice on its last day; `nil` for the others.
    private static func moment(showing kind: ScreenKind, of entry: PlatformPolicy) -> Date? {
        switch kind {
        case .maintenance: entry.maintenance?.start
        case .osSupportEnding: entry.osSupportEnds?.after
        default: nil
        }
    }

    private static func screens(_ entry: PlatformPolicy, platform: Platform, locale: String, strings: LaunchGateStrings, now: Date) -> [Screen] {
        // Each variant drops what would take precedence over the screen it is for, and asks as the
        // oldest install would: the evaluator then says whether and how the draft shows it.
        // A maintenance window outranks every update screen, so those variants leave it out; its own
        // is asked at the window's start, whatever the time of the preview.
        var available = entry
        (available.required, available.recommended, available.blocked, available.endOfLife, available.rollout) = (nil, nil, BlockedReleases(), nil, nil)
        var recommended = entry
        (recommended.required, recommended.blocked, recommended.endOfLife, recommended.rollout) = (nil, BlockedReleases(), nil, nil)
        var required = entry
        required.endOfLife = nil
        (available.maintenance, recommended.maintenance, required.maintenance) = (nil, nil, nil)
        // The optional screens wait for a device's storefront; the preview shows them as a device
        // in a storefront that already serves the draft's versions sees them.
        (available.storefronts, recommended.storefronts) = ([:], [:])
        var maintenance = entry
        maintenance.endOfLife = nil
        // The OS notice shows only where nothing else does, on its last day, to an OS below it.
        var osNotice = PlatformPolicy(reminderInterval: entry.reminderInterval, osSupportEnds: entry.osSupportEnds)
        osNotice.texts = entry.texts
        let cases: [(String, String, PlatformPolicy, ScreenKind, GateScreen.Style, AppVersion?, String)] = [
            ("banner", "Banner", available, .updateAvailable, .banner, nil, "set a latest release newer than the installed one"),
            ("dialog", "Details dialog", available, .updateAvailable, .dialog, nil, "set a latest release newer than the installed one"),
            ("recommended", "Recommended", recommended, .updateRecommended, .fullScreen, nil, "set a recommended version"),
            ("required", "Required", required, .updateRequired, .blocking, nil, "set a required version"),
            ("end-of-life", "End of life", entry, .endOfLife, .blocking, nil, "mark the platform's end of life"),
            ("device-unsupported", "Device unsupported", required, .deviceUnsupported, .blocking, AppVersion([0, 1]),
             "set a required version and the latest release's minimum OS"),
            ("maintenance", "Maintenance", maintenance, .maintenance, .blocking, nil, "schedule a maintenance window"),
            ("os-support-ending", "OS support ending", osNotice, .osSupportEnding, .banner, AppVersion([0, 1]),
             "announce when older OS versions lose support"),
        ]
        // First, what a blocking launch check shows while it asks the server.
        var result: [Screen] = [Screen(checking: strings)]
        result += cases.map { id, label, variant, kind, style, os, hint in
            let context = EvaluationContext(version: oldest, platform: platform, osVersion: os, installID: "console-preview",
                                            preferredLanguages: [locale], now: Self.moment(showing: kind, of: variant) ?? now)
            let decision = UpdateEvaluator().evaluate(UpdatePolicy(platforms: [platform: variant]), for: context)
            guard let prompt = decision.prompt, prompt.kind == kind else {
                return Screen.absent(id: id, label: label, style: style.rawValue, reason: "This draft doesn't show it: \(hint).")
            }
            let screen = GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: prompt.updateURL != nil, strings: strings)
            return Screen(id: id, label: label, gate: screen)
        }
        // Each sign-in step as a person meets it: the address step with an empty field (Send Code
        // disabled), the code step as it opens (nothing typed, the server's resend wait running,
        // Verify Code and Send New Code disabled), then the welcome.
        let delivery = CodeDelivery()
        let code = SignInScreen.codeEntry(email: "ada@example.com", codeLength: delivery.codeLength, code: "", strings: strings,
                                          secondsUntilResend: Int(delivery.resendAfter))
        for (id, label, screen) in [("sign-in", "Sign-in", SignInScreen.emailEntry(email: "", strings: strings)),
                                    ("sign-in-code", "Sign-in code", code),
                                    ("sign-in-error", "Sign-in error", wrongCode(delivery, strings: strings)),
                                    ("welcome", "Welcome", SignInScreen.welcome(email: "ada@example.com", strings: strings))] {
            result.append(Screen(id: id, label: label, signIn: screen))
        }
        return result
    }
}
