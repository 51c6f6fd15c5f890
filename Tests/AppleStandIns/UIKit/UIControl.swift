// Stand-in for UIKit's controls and actions, for Linux only (see UIResponder.swift): what the
// UIKit example's buttons use. A control keeps its actions; `standInSend` runs them as a tap would.
import Foundation

@available(watchOS, unavailable)
public typealias UIActionHandler = @MainActor (UIAction) -> Void

@available(watchOS, unavailable)
@MainActor
open class UIAction: NSObject {
    let handler: UIActionHandler
    public init(title: String = "", handler: @escaping UIActionHandler) { self.handler = handler }
}

@available(watchOS, unavailable)
@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
    }

    private var actions: [(UIAction, Event)] = []

    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) { actions.append((action, controlEvents)) }

    /// Runs the actions added for `event`, as a person's tap does.
    public func standInSend(_ event: UIControl.Event) {
        for (action, events) in actions where events.contains(event) { action.handler(action) }
    }
}

@available(watchOS, unavailable)
@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
    }

    private var titles: [UInt: String] = [:]

    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] }
}
