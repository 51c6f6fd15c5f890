import Foundation
import LaunchGateSignIn
import LaunchGateStorage
@_spi(LaunchGateServer) import LaunchGate

// The sign-in answers, made from the service's records in the SDK's wire types.

extension AuthWire.User {
    init(_ user: UserRecord) {
        self.init(id: user.id, email: user.email, createdAt: AuthWire.timestamp(user.createdAt),
                  lastSignInAt: AuthWire.timestamp(user.lastSignInAt))
    }
}

extension AuthWire.CodeSent {
    /// The same answer for every address, known or not: nothing here tells them apart.
    init(_ sent: SignInService.CodeSent) {
        self.init(message: "If \(sent.email) can sign in, a code is on its way.", codeLength: sent.codeLength,
                  expiresIn: Double(sent.expiresIn), resendAfter: Double(sent.resendAfter))
    }
}

extension AuthWire.SignedIn {
    init(_ signedIn: SignInService.SignedIn) {
        self.init(message: "Signed in.", isNewUser: signedIn.completion.isNewUser, sessionToken: signedIn.token,
                  expiresAt: AuthWire.timestamp(signedIn.completion.session.expiresAt), user: AuthWire.User(signedIn.completion.user))
    }
}

extension AuthWire.Session {
    init(_ session: SessionRecord, _ user: UserRecord) {
        self.init(expiresAt: AuthWire.timestamp(session.expiresAt), deviceID: session.deviceID, user: AuthWire.User(user))
    }
}

extension AuthWire.Envelope {
    /// Sign-out's answer.
    static let signedOut = AuthWire.Envelope(status: "success", message: "Signed out.")
    /// The answer to an account deletion: the account is gone and its session with it.
    static let accountDeleted = AuthWire.Envelope(status: "success", message: "Account deleted.")

    /// A failure in seed 002's shape, with its stable code.
    static func failure(message: String, code: String) -> AuthWire.Envelope {
        AuthWire.Envelope(status: "error", message: message, error: code)
    }
}
