#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The account-deletion screen as the flow has it now, for a host that stays up through the
/// deletion's steps (the UIKit controller's one child): reading ``LaunchFlow/state`` here has
/// Observation redraw it as the steps change.
@MainActor
struct AccountDeletionFollower: View {
    let flow: LaunchFlow

    var body: some View {
        if case .deletingAccount(let screen) = flow.state {
            AccountDeletionView(screen: screen)
        }
    }
}
#endif
