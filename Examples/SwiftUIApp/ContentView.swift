import LaunchGate
import SwiftUI

/// The app itself. Its `@State` (the draft here) survives the update banner, the details dialog
/// and a refresh's loading screen: LaunchGateView never rebuilds it while the same user is signed
/// in. Signing out tears it down, so the next user starts with an empty draft.
struct ContentView: View {
    @Environment(LaunchFlow.self) private var flow
    @State private var draft = ""

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Notes")
                .font(.largeTitle.bold())
                .accessibilityAddTraits(.isHeader)
            TextField("New note", text: $draft)
                .accessibilityLabel("New note")
            Spacer()
            Button(flow.strings.signOut) {
                Task { await flow.signOut() }
            }
        }
        .padding()
    }
}
