#if canImport(SwiftUI) || canImport(UIKit)
import LaunchGate
import Observation

/// Which window shows a flow's details dialog. An iPad app's windows share one flow (``SharedFlows``),
/// so the flow's "details are open" is the whole process's; the dialog belongs in one window only:
/// the one whose banner the user acted on (by a tap, VoiceOver, Switch Control or a keyboard:
/// ``PerformGateAction`` claims it in the button's action), or, for details opened from code, the
/// window the user turned to last (it became key, or its scene active: ``WindowActivation``). The
/// other windows keep their banner. Acting on that banner moves the dialog there.
///
/// Each adapter (a ``LaunchGateViewController``, a ``LaunchGateView``) is one entry, held weakly:
/// a window that closes leaves the dialog to the window that was used before it.
@MainActor
@Observable
final class DetailsPresenter {
    /// The process's presenter. (A shared instance on purpose, as ``SharedFlows``: the windows that
    /// share a flow are the process's.)
    static let process = DetailsPresenter()

    private struct Entry {
        weak var flow: LaunchFlow?
        /// The flow's adapters, the one used last at the end.
        var adapters: [Weak]
    }

    private struct Weak {
        weak var adapter: AnyObject?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// Records that `adapter` was just used for `flow`: the user turned to its window or acted on its banner.
    /// - Parameters:
    ///   - adapter: The adapter (its window's controller or view state).
    ///   - flow: The flow it renders.
    func activate(_ adapter: AnyObject, for flow: LaunchFlow) {
        entries = entries.filter { $0.value.flow != nil }
        let key = ObjectIdentifier(flow)
        var adapters = entries[key]?.flow === flow ? entries[key]?.adapters ?? [] : []
        // Already the one used last: nothing changes, so no window renders again.
        if adapters.last?.adapter === adapter { return }
        adapters.removeAll { $0.adapter == nil || $0.adapter === adapter }
        adapters.append(Weak(adapter: adapter))
        entries[key] = Entry(flow: flow, adapters: adapters)
    }

    /// Records that `adapter` appeared for `flow`: it takes the dialog if its window is key (the user
    /// is in it) or no window has the flow yet, not when it appears in the background (an iPad
    /// restoring several windows at launch), where details opened from code would open out of sight.
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - flow: The flow it renders.
    ///   - inKeyWindow: Whether its window is the key window.
    func appeared(_ adapter: AnyObject, for flow: LaunchFlow, inKeyWindow: Bool) {
        let known = entries[ObjectIdentifier(flow)].map { $0.flow === flow && $0.adapters.contains { $0.adapter != nil } } ?? false
        guard inKeyWindow || !known else { return }
        activate(adapter, for: flow)
    }

    /// Whether `adapter` shows `flow`'s details dialog when the flow has one open: it is the adapter
    /// used last that is still there. Read under observation, so every window follows a change.
    /// - Parameters:
    ///   - flow: The flow.
    ///   - adapter: The adapter asking.
    /// - Returns: Whether the dialog is this adapter's to show.
    func presents(_ flow: LaunchFlow, in adapter: AnyObject) -> Bool {
        guard let entry = entries[ObjectIdentifier(flow)], entry.flow === flow else { return false }
        return entry.adapters.last(where: { $0.adapter != nil })?.adapter === adapter
    }
}

/// A ``LaunchGateView``'s identity for ``DetailsPresenter``: the view is a value, so it keeps one
/// of these in `@State` for as long as its window shows it.
@MainActor
final class AdapterIdentity {}
#endif
