/// The `data` of the `mail.failed` webhook event: a sign-in code's mail the mail server refused for good.
public struct MailFailedEventData: Encodable, Sendable, Equatable {
    /// The app.
    public let app: String
    /// The address it was for.
    public let email: String
    /// What the mail server said.
    public let error: String
}
