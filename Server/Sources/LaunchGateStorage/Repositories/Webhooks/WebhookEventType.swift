/// The events an endpoint can receive, by the names in `--events` and in each payload's `type`.
public enum WebhookEventType: String, Sendable, CaseIterable, Codable {
    /// A policy revision was published.
    case policyPublished = "policy.published"
    /// A channel was rolled back to an earlier revision.
    case policyRolledBack = "policy.rolled_back"
    /// The publish guard refused a publish.
    case publishRefused = "publish.refused"
    /// The App Store's version of the app changed (sent by the App Store poller).
    case appStoreChanged = "appstore.changed"
    /// A sign-in user was created by a first sign-in.
    case userCreated = "user.created"
    /// A sign-in user was deleted.
    case userDeleted = "user.deleted"
    /// A sign-in mail could not be delivered.
    case mailFailed = "mail.failed"
    /// Sent by `launchgate webhooks test`; every endpoint receives it, whatever its filter.
    case test = "webhook.test"
}
