/// The `data` of the `policy.published`, `policy.rolled_back` and `publish.refused` webhook events.
public struct PolicyEventData: Encodable, Sendable, Equatable {
    /// The app.
    public let app: String
    /// `production` or `staging`.
    public let channel: String
    /// The revision published (none when refused).
    public let revision: Int?
    /// For a rollback, the revision whose document was published again.
    public let rolledBackTo: Int?
    /// Who published: the token's name, or `cli`.
    public let author: String
    /// Why the guard refused: `confirmation-required` or `impact-unavailable`.
    public let reason: String?

    enum CodingKeys: String, CodingKey {
        case app, channel, revision, author, reason
        case rolledBackTo = "rolled_back_to"
    }
}
