import LaunchGate

extension ScreenPreviews {
    /// One phone-sized preview: what the SDK's SwiftUI view of the screen draws (`GateScreenView`,
    /// `GateBannerView`, `SignInScreenView`), as data for the editor's template.
    package struct Screen: ConsoleView, Equatable {
        /// A stand-in for the SF Symbol above a gate screen's words: a font's glyph, cut out of a
        /// filled shape or on its own, or a drawing of the stylesheet's own where no glyph reads as
        /// the symbol (SF Symbols' artwork may be used only in apps on Apple's platforms, not here).
        package struct Icon: ConsoleView, Equatable {
            /// The SF Symbol the SDK draws, such as `arrow.down.circle.fill`.
            package let symbol: String
            /// The character drawn in its place; none when the shape is the whole drawing.
            package let glyph: String?
            /// `circle` or `octagon` for a filled symbol (the glyph cut out of the shape), or a drawing
            /// of previews.mustache's: `arrow-alert` (a circular arrow around "!"), `phone-slash`, or
            /// `spinner` (the loading screen's large ProgressView).
            package let shape: String
        }

        /// A sign-in field: the label the SDK shows above it and the placeholder inside it.
        package struct Field: ConsoleView, Equatable {
            package let label: String
            package let placeholder: String
            /// What is typed in it, drawn instead of the placeholder; none when it is empty.
            package let value: String?
            /// Whether it takes the emailed code, which the SDK draws in large bold digits of one width.
            package let isCode: Bool
        }

        /// A button as the screen opens.
        package struct Action: ConsoleView, Equatable {
            package let title: String
            /// Whether it can be used yet; the SDK draws a disabled button at 0.4 opacity.
            package let isEnabled: Bool
            /// The main, filled button (the first); the others are drawn as links.
            package let isPrimary: Bool
        }

        /// A stable name for tests and screenshots: `banner`, `dialog`, `recommended`, …
        package let id: String
        /// What the preview shows, for the heading above the phone.
        package let label: String
        package let title: String
        package let message: String
        package let releaseNotes: String?
        /// A sign-in failure, drawn in the theme's error colour under the field.
        package let error: String?
        package let icon: Icon?
        package let field: Field?
        package let actions: [Action]
        /// The phone's layout: `banner`, `dialog`, `fullScreen`, `blocking`, `signIn` or `loading`.
        package let style: String
        /// Why the draft doesn't produce this screen, when it doesn't.
        package let absent: String?
        /// Whether the app shows with it (below the banner, under the details sheet): the preview
        /// draws a stand-in app there, so the picture shows what the screen moves or covers.
        package let showsApp: Bool

        /// A screen the draft doesn't produce.
        static func absent(id: String, label: String, style: String, reason: String) -> Screen {
            Screen(id: id, label: label, title: "", message: "", releaseNotes: nil, icon: nil, field: nil, actions: [], style: style, absent: reason)
        }

        /// A gate screen as `GateScreenView` (or, for the banner, `GateBannerView`) draws it. The
        /// banner's primary action is no button: the title and message are one tappable area, and
        /// only **Not Now** is drawn, at the trailing edge.
        init(id: String, label: String, gate screen: GateScreen) {
            let buttons = screen.style == .banner ? [screen.secondaryAction] : [screen.primaryAction, screen.secondaryAction]
            let actions = buttons.compactMap { $0 }.map { action in
                Action(title: action.title, isEnabled: true, isPrimary: screen.style != .banner && action == screen.primaryAction)
            }
            self.init(id: id, label: label, title: ScreenPreviews.shown(screen.title), message: ScreenPreviews.shown(screen.message),
                      releaseNotes: screen.releaseNotes.map(ScreenPreviews.shown),
                      icon: Icon(kind: screen.kind), field: nil, actions: actions, style: screen.style.rawValue, absent: nil)
        }

        /// What `LaunchGateLoadingView` draws while a blocking launch check asks the server: a
        /// large spinner over the SDK's "Checking for updates…", in the middle of the screen.
        init(checking strings: LaunchGateStrings) {
            self.init(id: "checking", label: "Checking for updates", title: strings.checking, message: "", releaseNotes: nil,
                      icon: Icon(symbol: "ProgressView", glyph: nil, shape: "spinner"), field: nil, actions: [], style: "loading", absent: nil)
        }

        /// A sign-in step as `SignInScreenView` draws it with the system look (no logo).
        init(id: String, label: String, signIn screen: SignInScreen) {
            let field = screen.field.map { field -> Field in
                let isCode = if case .code = field.kind { true } else { false }
                return Field(label: field.label, placeholder: field.placeholder, value: field.value.isEmpty ? nil : field.value, isCode: isCode)
            }
            let actions = screen.actions.enumerated().map { index, action in
                Action(title: action.title, isEnabled: action.isEnabled, isPrimary: index == 0)
            }
            self.init(id: id, label: label, title: screen.title, message: screen.message, releaseNotes: nil, icon: nil, field: field,
                      actions: actions, style: "signIn", absent: nil, error: screen.error)
        }

        private init(id: String, label: String, title: String, message: String, releaseNotes: String?, icon: Icon?, field: Field?,
                     actions: [Action], style: String, absent: String?, error: String? = nil) {
            self.error = error
            (self.id, self.label, self.title, self.message, self.releaseNotes) = (id, label, title, message, releaseNotes)
            (self.icon, self.field, self.actions, self.style, self.absent) = (icon, field, actions, style, absent)
            showsApp = style == GateScreen.Style.banner.rawValue || style == GateScreen.Style.dialog.rawValue
        }
    }
}

extension ScreenPreviews.Screen.Icon {
    /// The symbol `GateScreenView` and `GateBannerView` draw for a kind of screen, and its stand-in.
    init(kind: ScreenKind) {
        switch kind {
        case .updateAvailable, .updateRecommended: self.init(symbol: "arrow.down.circle.fill", glyph: "↓", shape: "circle")
        // "↻" alone reads as reload, and "⊘" as prohibited: drawn as what the symbols show.
        case .updateRequired: self.init(symbol: "exclamationmark.arrow.circlepath", glyph: nil, shape: "arrow-alert")
        case .endOfLife: self.init(symbol: "xmark.octagon.fill", glyph: "✕", shape: "octagon")
        case .deviceUnsupported: self.init(symbol: "iphone.slash", glyph: nil, shape: "phone-slash")
        case .maintenance: self.init(symbol: "wrench.and.screwdriver.fill", glyph: "⚙", shape: "circle")
        case .osSupportEnding: self.init(symbol: "clock.badge.exclamationmark", glyph: "!", shape: "circle")
        }
    }
}
