import LaunchGate
import LaunchGateUI
import SwiftUI

/// Seeds 000, 002, 003 and 004 in one app: the update check at launch and on return to the
/// foreground, passwordless sign-in in seed 002's look, the app's own required-update screen,
/// and the update banner with its details dialog.
@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup {
            LaunchGateView(
                server: ExampleServer.url, appID: ExampleServer.appID, publicKey: ExampleServer.publicKey,
                signIn: .standard(server: URL(string: "https://auth.example.com")!, paths: .app("notes")),
                // Seed 000: the store reviewers' test account never sees an update screen.
                configuration: .exempting(emails: ["test@example.com"])
            ) {
                ContentView()
            } updateRequired: { screen in
                // Seed 003: the app's own screen for one state; every other state keeps the built-in one.
                NotesUpdateRequiredView(screen: screen)
            }
            .launchGateTheme(.playful)
        }
    }
}
