#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import UIKit

/// An empty view that reports the window it is in, each time it moves into one or out of one.
final class WindowReaderView: UIView {
    /// Called with the view's window, or `nil` when it leaves it.
    var onWindow: @MainActor (UIWindow?) -> Void

    init(onWindow: @escaping @MainActor (UIWindow?) -> Void) {
        self.onWindow = onWindow
        super.init(frame: .zero)
    }

    @available(*, unavailable, message: "WindowReaderView is made in code.")
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        let window = window
        // Later, not now: this can run inside SwiftUI's update, and the owner changes its state.
        Task { @MainActor [onWindow] in onWindow(window) }
    }
}
#endif
