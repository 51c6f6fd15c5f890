import LaunchGate
import SwiftUI

/// The `/api/version` app's `UpdateRequiredView`, kept as the app's own design: the words and the button
/// still come from the core, and the tap goes back to the flow, which opens the store.
struct NotesUpdateRequiredView: View {
    let screen: GateScreen
    @Environment(LaunchFlow.self) private var flow

    var body: some View {
        VStack(spacing: 24) {
            Spacer()
            Image(systemName: "arrow.down.circle.fill")
                .font(.largeTitle)
                .foregroundStyle(.blue)
                .accessibilityHidden(true)
            Text(screen.title)
                .font(.title.bold())
                .accessibilityAddTraits(.isHeader)
            Text(screen.message)
                .multilineTextAlignment(.center)
                .foregroundStyle(.secondary)
                .padding(.horizontal, 32)
            Spacer()
            if let update = screen.primaryAction {
                Button(update.title) {
                    Task { await flow.perform(update) }
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .padding(.bottom, 48)
            }
        }
    }
}
