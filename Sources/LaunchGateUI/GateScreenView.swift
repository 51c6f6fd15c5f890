#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// A full screen or dialog for a ``GateScreen``: title, message, notes and its buttons.
@MainActor
public struct GateScreenView: View {
    private let screen: GateScreen
    private let perform: (GateAction) -> Void

    /// Creates the view.
    /// - Parameters:
    ///   - screen: What to show.
    ///   - perform: Called with the tapped action.
    public init(screen: GateScreen, perform: @escaping (GateAction) -> Void) {
        self.screen = screen
        self.perform = perform
    }

    /// The view's body.
    public var body: some View {
        VStack(spacing: 20) {
            Spacer()
            Image(systemName: screen.style == .blocking ? "exclamationmark.arrow.circlepath" : "arrow.down.circle.fill")
                .font(.system(size: 56))
                .foregroundStyle(.tint)
            Text(screen.title).font(.title).bold().multilineTextAlignment(.center)
            Text(screen.message).multilineTextAlignment(.center).foregroundStyle(.secondary)
            if let notes = screen.releaseNotes {
                ScrollView { Text(notes).frame(maxWidth: .infinity, alignment: .leading) }.frame(maxHeight: 200)
            }
            Spacer()
            if let primary = screen.primaryAction {
                Button(primary.title) { perform(primary) }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.large)
            }
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }
            }
        }
        .padding(32)
        .interactiveDismissDisabled(!screen.isDismissable)
    }
}
#endif
