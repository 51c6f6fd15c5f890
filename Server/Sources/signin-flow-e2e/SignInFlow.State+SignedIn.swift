import LaunchGate

extension SignInFlow.State {
    /// The user and whether they are new, when signed in.
    var signedIn: (user: SignInUser, isNewUser: Bool)? {
        guard case .signedIn(let user, let isNewUser) = self else { return nil }
        return (user, isNewUser)
    }
}
