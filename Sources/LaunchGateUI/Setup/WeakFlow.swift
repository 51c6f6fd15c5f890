import LaunchGate

/// A flow held weakly, for a task that may outlive the view or controller that owns the flow.
///
/// A task that waits on a sequence keeps what it captured until the sequence ends, and Apple
/// doesn't document that StoreKit's `Storefront.updates` ends when its task is cancelled: holding
/// the flow strongly there could keep it, its update check and its timers alive after their owner
/// went, until the next storefront change (review s14, I1).
@MainActor
final class WeakFlow {
    /// The flow, while something else keeps it.
    private(set) weak var flow: LaunchFlow?

    /// Holds `flow` without keeping it.
    init(_ flow: LaunchFlow) { self.flow = flow }
}
