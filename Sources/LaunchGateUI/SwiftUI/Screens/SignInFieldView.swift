#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The address or code field of a sign-in screen. What is typed goes straight to the flow,
/// which keeps, trims and limits it; the field then shows the flow's value, so a letter in a code
/// or a seventh digit disappears as it is typed. While a request runs the flow takes no typing,
/// and the field is disabled.
@MainActor
struct SignInFieldView: View {
    let field: SignInScreen.Field
    let styles: ThemeStyles
    let cornerRadius: Double
    let submit: () -> Void
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    /// What the text field shows: the flow's value, or for a moment what was just typed.
    /// A binding that read the flow's value directly would leave a rejected keystroke on screen,
    /// since SwiftUI only redraws the field when the bound value changes.
    @State private var text = ""

    var body: some View {
        VStack(alignment: .leading, spacing: LaunchGateMetrics.fieldLabelSpacing) {
            // Visible label for sighted users; VoiceOver reads it as the field's own label instead.
            Text(field.label)
                .font(.subheadline.weight(.semibold))
                .foregroundStyle(styles.title)
                .accessibilityHidden(true)
            // The typed text and the placeholder in the theme's colors: on a light field the
            // system's own would turn white in Dark Mode.
            TextField(field.placeholder, text: $text, prompt: Text(field.placeholder).foregroundStyle(styles.placeholder))
                .font(isCode ? .title2.monospacedDigit().bold() : .body)
                .foregroundStyle(styles.fieldText)
                .multilineTextAlignment(isCode ? .center : .leading)
                .autocorrectionDisabled()
                .keyboard(for: field.kind)
                .onSubmit(submit)
                .disabled(!field.isEditable)
                .padding(LaunchGateMetrics.fieldPadding)
                .background(styles.field, in: RoundedRectangle(cornerRadius: cornerRadius))
                .accessibilityLabel(field.label)
        }
        .onChange(of: field.value, initial: true) { _, value in
            if text != value { text = value }
        }
        .onChange(of: text) { _, typed in
            send(typed)
        }
    }

    private var isCode: Bool {
        if case .code = field.kind { true } else { false }
    }

    /// Gives the flow what was typed, then shows what the flow kept. The flow's value is read
    /// from the flow itself, not from `field`, which is as old as the last time the screen was drawn.
    private func send(_ typed: String) {
        guard let flow else { return }
        // The flow's own value coming back (above) isn't typing: sending it again would clear an
        // error, or verify a complete code a second time.
        guard typed != flow.signInScreen?.field?.value else { return }
        switch field.kind {
        case .email: flow.updateEmail(typed)
        case .code: flow.updateCode(typed)
        }
        if let kept = flow.signInScreen?.field?.value, text != kept { text = kept }
    }
}

extension View {
    /// The keyboard, autofill and capitalization for a sign-in field (iOS, iPadOS, tvOS, visionOS).
    @ViewBuilder
    fileprivate func keyboard(for kind: SignInScreen.Field.Kind) -> some View {
        #if canImport(UIKit) && !os(watchOS)
        switch kind {
        case .email:
            keyboardType(.emailAddress)
                .textContentType(.emailAddress)
                .textInputAutocapitalization(.never)
                .submitLabel(.send)
        case .code:
            keyboardType(.numberPad)
                .textContentType(.oneTimeCode)
                .submitLabel(.go)
        }
        #else
        self
        #endif
    }
}
#endif
