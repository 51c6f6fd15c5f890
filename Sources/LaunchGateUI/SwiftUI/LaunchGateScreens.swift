#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The view for each state of a launch, built-in or the app's own. Type-erased, so
/// ``LaunchGateView`` keeps a single generic parameter: the app's content, whose type must stay
/// stable so that its state survives every gate.
@MainActor
struct LaunchGateScreens {
    var checking: () -> AnyView
    var updateRequired: (GateScreen) -> AnyView
    var endOfLife: (GateScreen) -> AnyView
    var deviceUnsupported: (GateScreen) -> AnyView
    var updateRecommended: (GateScreen) -> AnyView
    var maintenance: (GateScreen) -> AnyView
    var signingIn: (SignInScreen) -> AnyView
    var welcome: (SignInScreen) -> AnyView
    var banner: (GateScreen) -> AnyView
    var details: (GateScreen) -> AnyView
    var deletingAccount: (AccountDeletionScreen) -> AnyView

    /// The built-in screen for every state.
    static var builtIn: LaunchGateScreens {
        LaunchGateScreens(
            checking: { LaunchGateLoadingView() }, updateRequired: { GateScreenView(screen: $0) },
            endOfLife: { GateScreenView(screen: $0) }, deviceUnsupported: { GateScreenView(screen: $0) },
            updateRecommended: { GateScreenView(screen: $0) }, signingIn: { SignInScreenView(screen: $0) },
            welcome: { SignInScreenView(screen: $0) }, banner: { GateBannerView(screen: $0) },
            details: { GateScreenView(screen: $0) }, maintenance: { GateScreenView(screen: $0) },
            deletingAccount: { AccountDeletionView(screen: $0) })
    }

    init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View, UpdateRecommended: View,
         SigningIn: View, Welcome: View, Banner: View, Details: View, Maintenance: View, DeletingAccount: View>(
        checking: @escaping () -> Checking, updateRequired: @escaping (GateScreen) -> UpdateRequired,
        endOfLife: @escaping (GateScreen) -> EndOfLife, deviceUnsupported: @escaping (GateScreen) -> DeviceUnsupported,
        updateRecommended: @escaping (GateScreen) -> UpdateRecommended, signingIn: @escaping (SignInScreen) -> SigningIn,
        welcome: @escaping (SignInScreen) -> Welcome, banner: @escaping (GateScreen) -> Banner,
        details: @escaping (GateScreen) -> Details, maintenance: @escaping (GateScreen) -> Maintenance,
        deletingAccount: @escaping (AccountDeletionScreen) -> DeletingAccount
    ) {
        self.checking = { AnyView(checking()) }
        self.updateRequired = { AnyView(updateRequired($0)) }
        self.endOfLife = { AnyView(endOfLife($0)) }
        self.deviceUnsupported = { AnyView(deviceUnsupported($0)) }
        self.updateRecommended = { AnyView(updateRecommended($0)) }
        self.signingIn = { AnyView(signingIn($0)) }
        self.welcome = { AnyView(welcome($0)) }
        self.banner = { AnyView(banner($0)) }
        self.details = { AnyView(details($0)) }
        self.maintenance = { AnyView(maintenance($0)) }
        self.deletingAccount = { AnyView(deletingAccount($0)) }
    }
}
#endif
