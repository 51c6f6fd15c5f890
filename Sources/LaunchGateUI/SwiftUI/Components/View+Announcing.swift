#if canImport(SwiftUI)
import Accessibility
import LaunchGate
import SwiftUI

extension View {
    /// Makes VoiceOver say `text` when the view appears and whenever the text changes: an error
    /// or a running request ("Checking your code…") is heard without moving focus to it.
    /// - Parameter text: What to say; `nil` says nothing.
    /// - Returns: The view.
    func announcing(_ text: String?) -> some View {
        onAppear { announce(text) }
            .onChange(of: text) { _, text in announce(text) }
    }

    /// A full-screen update screen for VoiceOver: a screen the user can't leave is modal, so
    /// VoiceOver never wanders onto the app under it, and its title is announced when it appears,
    /// unless VoiceOver is moved to it anyway (in the window above the app, which posts
    /// `.screenChanged`), where the title would be heard twice.
    /// - Parameters:
    ///   - screen: The screen shown.
    ///   - announcesTitle: Whether to announce the title when the screen appears.
    /// - Returns: The view.
    func announcedGate(_ screen: GateScreen, announcesTitle: Bool = true) -> some View {
        accessibilityElement(children: .contain)
            .accessibilityAddTraits(screen.isDismissable ? [] : .isModal)
            .announcing(announcesTitle ? screen.title : nil)
    }
}

@MainActor
private func announce(_ text: String?) {
    guard let text else { return }
    AccessibilityNotification.Announcement(text).post()
}
#endif
