import Foundation

extension GateScreen {
    /// The screen for a decision, with the policy's localized texts over the SDK's default texts.
    /// - Parameters:
    ///   - prompt: The decision's prompt.
    ///   - style: How it is presented; the banner and its dialog share one prompt.
    ///   - platform: The platform, for naming the OS on the unsupported-device screen.
    ///   - hasUpdateURL: Whether "Update Now" has somewhere to go; without it the button is left out,
    ///     and an update screen's message ends by saying where to update instead.
    ///   - strings: The default texts' language, from ``LaunchGateStrings/forLanguages(_:)``; English when left out.
    ///   - locale: The device's formatting locale (``AppInfo/locale``), whose region, calendar and
    ///     numbering system a date in the texts follows; `nil` for the texts' language alone.
    ///   - timeZone: The device's time zone (``AppInfo/timeZone``), for the maintenance window's
    ///     end; `nil` writes it in UTC, named.
    /// - Returns: The screen.
    public static func make(for prompt: UpdatePrompt, style: Style, platform: Platform, hasUpdateURL: Bool,
                            strings: LaunchGateStrings = .english, locale: Locale? = nil,
                            timeZone: TimeZone? = nil) -> GateScreen {
        // Each message has a whole-sentence variant for "version 2.4.1" and for "the latest
        // version" (a build-only target), so no language has to splice a phrase into a sentence.
        func text(_ withVersion: StringKey, _ latest: StringKey, _ arguments: [String: String] = [:]) -> String {
            guard let version = prompt.targetVersion else { return strings.text(latest, arguments) }
            return strings.text(withVersion, arguments.merging(["version": version.release.description]) { $1 })
        }
        func action(_ key: StringKey, _ role: GateAction.Role) -> GateAction { GateAction(title: strings.text(key), role: role) }
        let update = hasUpdateURL ? action(.updateNow, .update) : nil
        var screen: GateScreen
        switch (prompt.kind, style) {
        case (.updateAvailable, .banner):
            screen = GateScreen(kind: .updateAvailable, style: .banner, title: strings.text(.updateAvailableTitle),
                                message: text(.updateAvailableBannerVersion, .updateAvailableBannerLatest),
                                primaryAction: action(.details, .showDetails), secondaryAction: action(.notNow, .dismiss))
        case (.updateAvailable, _):
            screen = GateScreen(kind: .updateAvailable, style: .dialog, title: strings.text(.updateAvailableTitle),
                                message: text(.updateAvailableDialogVersion, .updateAvailableDialogLatest),
                                primaryAction: update, secondaryAction: action(.notNow, .dismiss))
        case (.updateRecommended, _):
            screen = GateScreen(kind: .updateRecommended, style: .fullScreen, title: strings.text(.updateRecommendedTitle),
                                message: text(.updateRecommendedVersion, .updateRecommendedLatest),
                                primaryAction: update, secondaryAction: action(.notNow, .dismiss))
        case (.updateRequired, _):
            let message = prompt.reason == .blocked
                ? text(.updateRequiredBlockedVersion, .updateRequiredBlockedLatest)
                : text(.updateRequiredUnsupportedVersion, .updateRequiredUnsupportedLatest)
            screen = GateScreen(kind: .updateRequired, style: .blocking, title: strings.text(.updateRequiredTitle),
                                message: message, primaryAction: update)
        case (.endOfLife, _):
            screen = GateScreen(kind: .endOfLife, style: .blocking, title: strings.text(.endOfLifeTitle),
                                message: prompt.endOfLifeMessage ?? strings.text(.endOfLifeMessage),
                                primaryAction: hasUpdateURL ? action(.learnMore, .update) : nil)
        case (.deviceUnsupported, _):
            let message = if let minimumOS = prompt.minimumOS {
                text(.deviceUnsupportedVersionMinimumOS, .deviceUnsupportedLatestMinimumOS,
                     ["os": platform.osName, "osVersion": minimumOS.release.description])
            } else {
                text(.deviceUnsupportedVersionNewerOS, .deviceUnsupportedLatestNewerOS, ["os": platform.osName])
            }
            screen = GateScreen(kind: .deviceUnsupported, style: .blocking, title: strings.text(.deviceUnsupportedTitle),
                                message: message)
        case (.osSupportEnding, let style):
            let notice = prompt.osSupportEnds
            // The day in the texts' language as the device writes dates, and in UTC, the time
            // zone the policy's day is in: a calendar day, not a moment.
            let dateLocale = dateLocale(language: strings.language, device: locale)
            let date = notice.map { end in
                end.after.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: dateLocale,
                                                     calendar: dateLocale.calendar, timeZone: TimeZone(identifier: "UTC") ?? .gmt))
            } ?? ""
            let arguments = ["os": platform.osName, "osVersion": notice?.below.release.description ?? "", "date": date]
            screen = style == .banner
                ? GateScreen(kind: .osSupportEnding, style: .banner, title: strings.text(.osSupportTitle, arguments),
                             message: strings.text(.osSupportBanner, arguments),
                             primaryAction: action(.details, .showDetails), secondaryAction: action(.notNow, .dismiss))
                : GateScreen(kind: .osSupportEnding, style: .dialog, title: strings.text(.osSupportTitle, arguments),
                             message: strings.text(.osSupportDialog, arguments), secondaryAction: action(.notNow, .dismiss))
        case (.maintenance, _):
            // The window's own message says why and until when; a blank one (a client reads what a
            // publisher should have refused) gets the default words rather than an empty screen.
            let own = prompt.maintenance?.message.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            // "Try Again" re-checks at once, for a user who heard the service is back; the link
            // is a web page, not an update, and says so to VoiceOver.
            let link = prompt.maintenance?.url.map { _ in
                GateAction(title: strings.text(.learnMore), role: .openMaintenancePage,
                           accessibilityHint: strings.text(.opensWebPageHint))
            }
            screen = GateScreen(kind: .maintenance, style: .blocking, title: strings.text(.maintenanceTitle),
                                message: own.isEmpty ? strings.text(.maintenanceMessage) : own,
                                primaryAction: action(.maintenanceTryAgain, .retry), secondaryAction: link)
        }
        if ![.maintenance, .osSupportEnding].contains(prompt.kind) { screen.targetVersion = prompt.targetVersion }
        // The banner leaves the notes to its dialog. An unsupported device can't install the
        // release they describe, and after end of life nobody can (the app is retired, its
        // message may send people to another one): there what's new would only promise what the
        // person can't have.
        if style != .banner, ![.deviceUnsupported, .endOfLife, .maintenance].contains(prompt.kind) { screen.releaseNotes = prompt.releaseNotes }
        // The policy's own texts, in the user's language, win over the defaults.
        if let text = prompt.text {
            if let title = text.title { screen.title = title }
            if let message = text.message { screen.message = message }
        }
        // When the window ends, in the user's language and time zone, whatever language the
        // operator's message is in: "Back by 04:00 UTC." means little to a user in Tokyo.
        if prompt.kind == .maintenance, let end = prompt.maintenance?.end {
            let time = backByTime(end, language: strings.language, device: locale, timeZone: timeZone)
            screen.message += "\n\n" + strings.text(.maintenanceBackBy, ["time": time])
        }
        // With nowhere for a button to go, the words say where to update, whatever the policy's
        // texts say: a required update must never leave the user at a screen with no way on.
        if !hasUpdateURL, style != .banner, [.updateRequired, .updateRecommended, .updateAvailable].contains(prompt.kind) {
            screen.message += "\n\n" + strings.text(platform == .android ? .updateFromGooglePlay : .updateFromAppStore)
        }
        return screen
    }
}

extension GateScreen {
    /// The locale a screen's date is written in: the texts' language, so the month's name is in
    /// the sentence's language, with the device's region, calendar and numbering system, so an
    /// English device in Britain reads "1 March 2027" and the digits are the device's own.
    /// - Parameters:
    ///   - language: The texts' language, such as `en` or `pt-BR`.
    ///   - device: The device's formatting locale, or `nil`.
    /// - Returns: The locale to format with.
    static func dateLocale(language: String, device: Locale?) -> Locale {
        var components = Locale.Components(identifier: language)
        // Without a device, the Gregorian calendar the policy's day is written in, not the
        // language's default (Persian for fa, Buddhist for th) nor this process's.
        components.calendar = .gregorian
        if let device {
            if let region = device.region { components.region = region }
            components.calendar = device.calendar.identifier
            components.numberingSystem = device.numberingSystem
        }
        return Locale(components: components)
    }
}

extension GateScreen {
    /// A maintenance window's end as the device writes a day and time: the month and day, so a
    /// window past midnight is clear, in the device's time zone. Without one (the server's
    /// `simulate`, a test), UTC, with its name, so nobody reads it as their own time.
    static func backByTime(_ end: Date, language: String, device: Locale?, timeZone: TimeZone?) -> String {
        let locale = dateLocale(language: language, device: device)
        let style = Date.FormatStyle(locale: locale, calendar: locale.calendar,
                                     timeZone: timeZone ?? TimeZone(identifier: "UTC") ?? .gmt)
            .month(.abbreviated).day().hour().minute()
        return timeZone == nil ? end.formatted(style.timeZone(.localizedGMT(.short))) : end.formatted(style)
    }
}

extension Platform {
    /// The OS's name as users know it.
    public var osName: String {
        switch self {
        case .ios: "iOS"
        case .ipados: "iPadOS"
        case .macos: "macOS"
        case .tvos: "tvOS"
        case .watchos: "watchOS"
        case .visionos: "visionOS"
        case .android: "Android"
        }
    }
}
