/// One account to erase: the user, and the rate-limit keys that name its address, which only the
/// sign-in rules can spell (``SignInRepository/deleteUser(_:at:)``).
public struct AccountDeletion: Sendable, Hashable {
    /// The app the user signed in to.
    public var appID: String
    /// The user's `usr_` ID.
    public var userID: String
    /// Who asked, for the daily count the console shows.
    public var requester: DeletionRequester
    /// Rate-limit keys erased whole (the address's own caps).
    public var limitKeys: [String]
    /// Beginnings of rate-limit keys erased with every key that starts so (the address's shares per
    /// network, one key per network that ever sent or guessed).
    public var limitKeyPrefixes: [String]

    /// Creates a deletion; with no keys, only the user's rows and the address's rows are erased.
    public init(appID: String, userID: String, requester: DeletionRequester, limitKeys: [String] = [], limitKeyPrefixes: [String] = []) {
        self.appID = appID
        self.userID = userID
        self.requester = requester
        self.limitKeys = limitKeys
        self.limitKeyPrefixes = limitKeyPrefixes
    }

    /// Whether a rate-limit key names the deleted address.
    package func erases(limitKey key: String) -> Bool {
        limitKeys.contains(key) || limitKeyPrefixes.contains { key.hasPrefix($0) }
    }
}
