#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The address or code field of a sign-in screen. What is typed goes straight to the flow,
/// which keeps, trims and limits it; the field shows back the flow's value.
@MainActor
struct SignInFieldView: View {
    let field: SignInScreen.Field
    let theme: LaunchGateTheme
    let submit: () -> Void
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            // Visible label for sighted users; VoiceOver reads it as the field's own label instead.
            Text(field.label)
                .font(.subheadline.weight(.semibold))
                .foregroundStyle(theme.titleStyle)
                .accessibilityHidden(true)
            TextField(field.placeholder, text: text)
                .font(isCode ? .title2.monospacedDigit().bold() : .body)
                .multilineTextAlignment(isCode ? .center : .leading)
                .autocorrectionDisabled()
                .keyboard(for: field.kind)
                .onSubmit(submit)
                .padding(12)
                .background(theme.fieldStyle, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
                .accessibilityLabel(field.label)
        }
    }

    private var isCode: Bool {
        if case .code = field.kind { true } else { false }
    }

    private var text: Binding<String> {
        let flow = flow
        let kind = field.kind
        return Binding(
            get: { [field] in field.value },
            set: { @MainActor value in
                switch kind {
                case .email: flow?.updateEmail(value)
                case .code: flow?.updateCode(value)
                }
            })
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
