#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import Observation
import SwiftUI
import UIKit

/// A UIKit container for apps without SwiftUI scenes (seed 001's `LoadingViewController` and
/// `ForceUpdateViewController`): it shows the app's root controller, or the gate over it.
///
/// ```swift
/// window.rootViewController = LaunchGateViewController(monitor: monitor, content: MainTabBarController())
/// ```
@MainActor
public final class LaunchGateViewController: UIViewController {
    private let monitor: UpdateMonitor
    private let content: UIViewController
    private var gate: UIViewController?

    /// Creates the container.
    /// - Parameters:
    ///   - monitor: The monitor whose state is shown.
    ///   - content: The app's root controller.
    public init(monitor: UpdateMonitor, content: UIViewController) {
        self.monitor = monitor
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Embeds the content, starts the check and follows the monitor's state.
    public override func viewDidLoad() {
        super.viewDidLoad()
        addChild(content)
        content.view.frame = view.bounds
        content.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(content.view)
        content.didMove(toParent: self)
        NotificationCenter.default.addObserver(
            self, selector: #selector(didBecomeActive), name: UIApplication.didBecomeActiveNotification, object: nil)
        observe()
        Task { await monitor.start() }
    }

    @objc private func didBecomeActive() {
        Task { await monitor.didBecomeActive() }
    }

    private func observe() {
        withObservationTracking {
            render(monitor.state)
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    private func render(_ state: GateState) {
        gate?.willMove(toParent: nil)
        gate?.view.removeFromSuperview()
        gate?.removeFromParent()
        gate = nil
        let overlay: UIViewController?
        switch state {
        case .app:
            overlay = nil
        case .checking:
            overlay = UIHostingController(rootView: ProgressView("Checking for updates…"))
        case .blocked(let screen), .prompt(let screen), .details(let screen):
            overlay = UIHostingController(rootView: GateScreenView(screen: screen, perform: perform))
        case .banner(let screen):
            overlay = UIHostingController(rootView: GateBannerView(screen: screen, perform: perform))
            overlay?.view.backgroundColor = .clear
        }
        guard let overlay else { return }
        addChild(overlay)
        if case .banner = state {
            // Only a strip at the top, so the app underneath keeps its touches.
            let height = overlay.view.systemLayoutSizeFitting(view.bounds.size).height
            overlay.view.frame = CGRect(x: 0, y: view.safeAreaInsets.top, width: view.bounds.width, height: height)
            overlay.view.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        } else {
            overlay.view.frame = view.bounds
            overlay.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        view.addSubview(overlay.view)
        overlay.didMove(toParent: self)
        gate = overlay
    }

    private func perform(_ action: GateAction) {
        Task { await monitor.perform(action) }
    }
}
#endif
