#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// A ready-made "Delete Account" button for the app's settings screen (App Store Review Guideline
/// 5.1.1(v) asks that deletion start inside the app, where people look for it): it asks the flow
/// for its confirmation (``LaunchFlow/requestAccountDeletion()``), labelled in the flow's language
/// and drawn destructive, and shows only while ``LaunchFlow/canDeleteAccount``, so nobody signed out
/// (or signed in through the seed's paths, which can't delete) sees a button that does nothing.
///
/// ```swift
/// struct AccountSettings: View {
///     var body: some View {
///         VStack {
///             DeleteAccountButton()   // the flow from LaunchGateView's environment
///         }
///     }
/// }
/// ```
///
/// It takes its look from where it is put (a `Form` row, a `List`, a toolbar), as the system's
/// buttons do; the confirmation itself is LaunchGate's, drawn above the app.
@MainActor
public struct DeleteAccountButton: View {
    private let given: LaunchFlow?
    @Environment(LaunchFlow.self) private var environmentFlow: LaunchFlow?

    /// Creates the button.
    /// - Parameter flow: The flow to ask; `nil` (the default) reads the one ``LaunchGateView``
    ///   puts in the environment, which a sheet presented from inside it gets too.
    public init(flow: LaunchFlow? = nil) {
        given = flow
    }

    /// The button, or nothing while there is no account to delete.
    public var body: some View {
        if let flow = given ?? environmentFlow, flow.canDeleteAccount {
            Button(role: .destructive) { flow.requestAccountDeletion() } label: {
                Text(flow.strings.deleteAccount)
            }
        }
    }
}
#endif
