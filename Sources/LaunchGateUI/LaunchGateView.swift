#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// Wraps an app's root view and shows what ``UpdateMonitor`` decided: a loading view, a blocking
/// or skippable screen, or the app with a banner. It decides nothing itself.
///
/// ```swift
/// @State var monitor = UpdateMonitor(configuration: …, app: try! .current(),
///                                    store: UserDefaultsStore(defaults: .standard), opener: SystemURLOpener())
/// var body: some Scene { WindowGroup { LaunchGateView(monitor: monitor) { ContentView() } } }
/// ```
@MainActor
public struct LaunchGateView<Content: View>: View {
    private let monitor: UpdateMonitor
    private let content: () -> Content
    @Environment(\.scenePhase) private var scenePhase

    /// Creates the gate.
    /// - Parameters:
    ///   - monitor: The monitor whose state is shown.
    ///   - content: The app's own root view.
    public init(monitor: UpdateMonitor, @ViewBuilder content: @escaping () -> Content) {
        self.monitor = monitor
        self.content = content
    }

    /// The gate's body.
    public var body: some View {
        ZStack(alignment: .top) {
            switch monitor.state {
            case .checking:
                ProgressView("Checking for updates…")
            case .blocked(let screen), .prompt(let screen):
                GateScreenView(screen: screen, perform: perform)
            case .app, .banner, .details:
                content()
                if case .banner(let screen) = monitor.state {
                    GateBannerView(screen: screen, perform: perform)
                }
            }
        }
        .sheet(isPresented: detailsBinding) {
            if let screen = monitor.state.screen { GateScreenView(screen: screen, perform: perform) }
        }
        .task { await monitor.start() }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { Task { await monitor.didBecomeActive() } }
        }
    }

    private var detailsBinding: Binding<Bool> {
        Binding(
            get: { if case .details = monitor.state { true } else { false } },
            set: { presented in if !presented { monitor.dismiss() } }
        )
    }

    private func perform(_ action: GateAction) {
        Task { await monitor.perform(action) }
    }
}
#endif
