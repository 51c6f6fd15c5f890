#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The non-intrusive banner at the top of the app (seed 004); tapping it opens the details.
@MainActor
public struct GateBannerView: View {
    private let screen: GateScreen
    private let perform: (GateAction) -> Void

    /// Creates the banner.
    /// - Parameters:
    ///   - screen: The banner's screen.
    ///   - perform: Called with the tapped action.
    public init(screen: GateScreen, perform: @escaping (GateAction) -> Void) {
        self.screen = screen
        self.perform = perform
    }

    /// The banner's body.
    public var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                Text(screen.title).font(.headline)
                Text(screen.message).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }.buttonStyle(.borderless)
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14))
        .padding(.horizontal)
        .contentShape(Rectangle())
        .onTapGesture { if let primary = screen.primaryAction { perform(primary) } }
        .accessibilityAddTraits(.isButton)
    }
}
#endif
