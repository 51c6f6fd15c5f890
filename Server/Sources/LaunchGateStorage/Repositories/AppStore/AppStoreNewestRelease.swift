import LaunchGate

/// What the last poll's answer said of the newest version served, and which storefront said it:
/// while the version is young, the next answer of the same storefront that agrees with it corrects
/// the published notes and minimum OS (attack s14, 13; review s15, M6). Typed and stored as JSON,
/// so no reader parses a storefront or a mark back out of one text.
public struct AppStoreNewestRelease: Sendable, Hashable, Codable {
    /// The storefront whose answer gave the notes and minimum OS.
    public var storefront: String
    /// The minimum OS it answered; `nil` when it gave none.
    public var minimumOS: AppVersion?
    /// The release notes it answered; `nil` when it gave none.
    public var notes: String?
    /// Whether two agreeing answers already corrected the version's notes or minimum OS: a version's
    /// are corrected at most once, so flapping nodes publish one correction, not one per pair (attack s15, 7).
    public var corrected: Bool

    /// Creates the record of an answer.
    /// - Parameters:
    ///   - storefront: The storefront that answered.
    ///   - minimumOS: The minimum OS it answered.
    ///   - notes: The release notes it answered.
    ///   - corrected: Whether the version's notes or minimum OS were corrected already.
    public init(storefront: String, minimumOS: AppVersion? = nil, notes: String? = nil, corrected: Bool = false) {
        self.storefront = storefront
        self.minimumOS = minimumOS
        self.notes = notes
        self.corrected = corrected
    }

}
