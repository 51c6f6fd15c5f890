#if canImport(SwiftUI) || canImport(UIKit)
import LaunchGate
import Observation

/// Which window shows a flow's details dialog. An iPad app's windows share one flow (``SharedFlows``),
/// so the flow's "details are open" is the whole process's; the dialog belongs in one window only.
/// iOS doesn't say which window the user is in (since iOS 15 every foreground scene's window is key
/// in its own scene, and side by side every scene is active at once), so the dialog goes:
/// - to the window whose adapter opened it: its banner's buttons (``PerformGateAction``, however
///   they were activated), `performGateAction` anywhere in a ``LaunchGateView``, or
///   ``LaunchGateViewController/showDetails()``;
/// - for details opened elsewhere in code (a push handler in the app), to a window whose scene is
///   in the foreground: the one whose adapter opened details or was added last, active before
///   inactive; never to a window in the background while one is in the foreground.
/// The window is chosen when the details open, and kept until they close or another adapter claims
/// them. The other windows keep their banner; acting on it moves the dialog there.
///
/// Each adapter (a ``LaunchGateViewController``, a ``LaunchGateView``) is one entry, held weakly:
/// a window that closes leaves the dialog to another.
@MainActor
@Observable
final class DetailsPresenter {
    /// The process's presenter. (A shared instance on purpose, as ``SharedFlows``: the windows that
    /// share a flow are the process's.)
    static let process = DetailsPresenter()

    private struct Entry {
        weak var flow: LaunchFlow?
        /// The flow's adapters, the one that claimed details last at the end.
        var adapters: [Weak]
        /// The adapter showing the details open now, chosen when they opened.
        var owner: Weak?
    }

    private struct Weak {
        weak var adapter: (any DetailsHost)?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// Records that `adapter` shows `flow` (its window appeared): details opened from code may go
    /// to it, after the adapters that claimed them, and only while its scene is in the foreground.
    /// - Parameters:
    ///   - adapter: The adapter (its window's controller or view state).
    ///   - flow: The flow it renders.
    func register(_ adapter: any DetailsHost, for flow: LaunchFlow) {
        var entry = entry(for: flow)
        guard !entry.adapters.contains(where: { $0.adapter === adapter }) else { return }
        entry.adapters.removeAll { $0.adapter == nil }
        entry.adapters.append(Weak(adapter: adapter))
        entries[ObjectIdentifier(flow)] = entry
    }

    /// Gives `flow`'s details to `adapter`: the user acted in its window, or code in its window
    /// opens them. Details open now move there; details opened next open there.
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - flow: The flow it renders.
    func activate(_ adapter: any DetailsHost, for flow: LaunchFlow) {
        var entry = entry(for: flow)
        let isOpen = Self.detailsOpen(flow)
        // Already the one claimed last (and showing the details, if open): nothing is written, so
        // no window renders again.
        if entry.adapters.last?.adapter === adapter, !isOpen || entry.owner?.adapter === adapter { return }
        entry.adapters.removeAll { $0.adapter == nil || $0.adapter === adapter }
        entry.adapters.append(Weak(adapter: adapter))
        if isOpen { entry.owner = Weak(adapter: adapter) }
        entries[ObjectIdentifier(flow)] = entry
    }

    /// Whether `adapter` shows `flow`'s details dialog when the flow has one open. Read under
    /// observation, so every window follows a change.
    /// - Parameters:
    ///   - flow: The flow.
    ///   - adapter: The adapter asking.
    /// - Returns: Whether the dialog is this adapter's to show.
    func presents(_ flow: LaunchFlow, in adapter: any DetailsHost) -> Bool {
        guard let entry = entries[ObjectIdentifier(flow)], entry.flow === flow else { return false }
        if let owner = entry.owner?.adapter { return owner === adapter }
        return Self.choose(among: entry.adapters) === adapter
    }

    // MARK: Choosing when the details open

    /// The adapter that gets details opened from code: the last to claim them (or be added) of
    /// those whose scene is active, else inactive, else any.
    private static func choose(among adapters: [Weak]) -> (any DetailsHost)? {
        let alive = adapters.compactMap(\.adapter)
        return alive.last { $0.detailsPresence == .active }
            ?? alive.last { $0.detailsPresence == .inactive }
            ?? alive.last
    }

    private static func detailsOpen(_ flow: LaunchFlow) -> Bool {
        if case .app(_, _?) = flow.state { true } else { false }
    }

    /// `flow`'s entry, made (and the flow followed) the first time; entries of flows gone are dropped.
    private func entry(for flow: LaunchFlow) -> Entry {
        let key = ObjectIdentifier(flow)
        if let entry = entries[key], entry.flow === flow { return entry }
        entries = entries.filter { $0.value.flow != nil }
        follow(flow)
        return Entry(flow: flow, adapters: [], owner: nil)
    }

    /// Fixes the window when the flow's details open, from the scenes' states at that moment (they
    /// aren't observable, so choosing at each render could give two windows the dialog), and lets
    /// it go when they close.
    private func follow(_ flow: LaunchFlow) {
        let isOpen = withObservationTracking { Self.detailsOpen(flow) } onChange: { [weak self, weak flow] in
            Task { @MainActor in
                guard let self, let flow else { return }
                self.follow(flow)
            }
        }
        let key = ObjectIdentifier(flow)
        guard var entry = entries[key], entry.flow === flow else { return }
        if !isOpen, entry.owner != nil {
            entry.owner = nil
        } else if isOpen, entry.owner?.adapter == nil, let chosen = Self.choose(among: entry.adapters) {
            entry.owner = Weak(adapter: chosen)
        } else {
            return
        }
        entries[key] = entry
    }
}
#endif
