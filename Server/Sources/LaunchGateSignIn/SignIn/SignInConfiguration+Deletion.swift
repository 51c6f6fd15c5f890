import LaunchGateStorage

extension SignInConfiguration {
    /// The deletion of a user at an address: with it go the rate-limit keys that name the address
    /// (its caps, and every network's share of them), which the sweep would otherwise keep up to
    /// ``longestWindow`` after the account is gone.
    func deletion(app: String, userID: String, email: String, by requester: DeletionRequester) -> AccountDeletion {
        AccountDeletion(appID: app, userID: userID, requester: requester,
                        limitKeys: [Self.sendKey(app: app, email: email), addressGuessCharge(app: app, email: email).key,
                                    shortCodeRoom(app: app, email: email).key],
                        limitKeyPrefixes: [Self.networkSendKey(app: app, email: email, network: ""),
                                           Self.networkGuessKey(app: app, email: email, network: "")])
    }
}
