import LaunchGate
import LaunchGateUI
import SwiftUI

/// The update check at launch and on return to the foreground (as the `/api/version` check
/// does), passwordless sign-in in the turquoise look, the app's own required-update screen, its
/// name over the built-in maintenance screen, and the update banner with its details dialog.
@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup {
            LaunchGateView(
                server: ExampleServer.url, appID: ExampleServer.appID, publicKey: ExampleServer.publicKey,
                signIn: .standard(server: URL(string: "https://auth.example.com")!, paths: .app("notes")),
                // As the `/api/version` app did: the store reviewers' test account never sees an update screen.
                configuration: .exempting(emails: ["test@example.com"])
            ) {
                ContentView()
            } updateRequired: { screen in
                // The app's own screen for one state, as VersionLockout allows; the states not named keep the built-in one.
                NotesUpdateRequiredView(screen: screen)
            } maintenance: { screen in
                // The built-in words and buttons (Try Again, the status page) under the app's own name.
                VStack(spacing: 0) {
                    Text("Notes")
                        .font(.headline)
                        .padding(.top)
                    GateScreenView(screen: screen)
                }
            }
            .launchGateTheme(.playful)
        }
    }
}
