import Foundation

/// What queuing a ``PendingWebhookEvent`` in a change's transaction did, to report once that
/// transaction has committed.
///
/// The endpoints whose queue was full are counted (metric, log and their `dropped` column) only
/// after the commit, outside the change's transaction (review s14, K4): counted inside it, one
/// failed receiver's row was updated by every sign-in, deletion and publish, which on PostgreSQL
/// then queued on that row until commit, and a rolled-back or retried change counted its drop twice.
public struct QueuedWebhookEvent: Sendable {
    /// The deliveries queued and the endpoints that dropped the event.
    public let result: WebhookEnqueueResult
    package let report: @Sendable (WebhookEnqueueResult) async -> Void

    /// Reports the drops; call it only once the change's transaction has committed.
    package func committed() async {
        guard !result.droppedFor.isEmpty else { return }
        await report(result)
    }
}
