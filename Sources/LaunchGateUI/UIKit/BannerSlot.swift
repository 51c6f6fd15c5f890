#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import SwiftUI
import UIKit

/// The version.json banner at the top of ``LaunchGateViewController``'s view, and the room it makes for
/// it: the app's content moves down by the banner's height (`additionalSafeAreaInsets`), so the
/// banner covers no navigation bar or first row.
///
/// The height is SwiftUI's for the width the banner has (`sizeThatFits(in:)` at the safe area's
/// width), set on a height constraint and used for the inset. The hosting view's intrinsic size
/// alone would not do: SwiftUI works it out at an unlimited width, one line of text, so a banner
/// whose words wrap (a long language, a large text size, the stacked layout) would draw past its
/// frame, over the content it was meant to push down.
@MainActor
final class BannerSlot {
    private var shown: (screen: GateScreen, controller: UIViewController, height: NSLayoutConstraint,
                        measure: (CGSize) -> CGSize)?
    /// How far the banner has moved the content down, so only that is undone.
    private var inset: CGFloat = 0

    /// The banner shown, if any.
    var screen: GateScreen? { shown?.screen }
    /// The banner shown last, kept while another window of the app has its details dialog open.
    private(set) var last: GateScreen?

    /// Puts a banner at the top of `parent`'s safe area, in place of the one shown.
    /// - Parameters:
    ///   - controller: The banner's hosting controller.
    ///   - screen: The banner it shows.
    ///   - parent: The controller whose view it goes in.
    func show<Content: View>(_ controller: UIHostingController<Content>, for screen: GateScreen, in parent: UIViewController) {
        remove()
        // Only the banner's own strip takes touches; the app below it stays usable.
        controller.view.backgroundColor = .clear
        // The hosting view's intrinsic size changes with the banner's words and the text size, which
        // makes UIKit lay the parent out again: the height is measured anew there.
        controller.sizingOptions = .intrinsicContentSize
        controller.view.translatesAutoresizingMaskIntoConstraints = false
        parent.addChild(controller)
        parent.view.addSubview(controller.view)
        let guide = parent.view.safeAreaLayoutGuide
        let height = controller.view.heightAnchor.constraint(equalToConstant: 0)
        NSLayoutConstraint.activate([
            controller.view.topAnchor.constraint(equalTo: guide.topAnchor),
            controller.view.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            controller.view.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            height,
        ])
        controller.didMove(toParent: parent)
        shown = (screen, controller, height, { [unowned controller] in controller.sizeThatFits(in: $0) })
        last = screen
    }

    /// Takes the banner away; the content moves back up at the next ``layout(in:content:)``.
    func remove() {
        guard let shown else { return }
        self.shown = nil
        shown.controller.willMove(toParent: nil)
        shown.controller.view.removeFromSuperview()
        shown.controller.removeFromParent()
    }

    /// Measures the banner at the width it has in `parent` and moves `content` down by its height,
    /// or back up when there is no banner. Only the banner's share of the content's
    /// `additionalSafeAreaInsets` changes; whatever the app set stays.
    /// - Parameters:
    ///   - parent: The controller the banner is in.
    ///   - content: The app's content, whose safe area makes room; `nil` while there is none.
    func layout(in parent: UIViewController, content: UIViewController?) {
        var height: CGFloat = 0
        if let shown {
            let width = parent.view.safeAreaLayoutGuide.layoutFrame.width
            height = shown.measure(CGSize(width: width, height: .greatestFiniteMagnitude)).height.rounded(.up)
            if shown.height.constant != height { shown.height.constant = height }
        }
        guard let content, height != inset else { return }
        content.additionalSafeAreaInsets.top += height - inset
        inset = height
    }

    /// The app's content was replaced: the new one has none of the banner's inset yet.
    func contentReplaced() { inset = 0 }
}
#endif
