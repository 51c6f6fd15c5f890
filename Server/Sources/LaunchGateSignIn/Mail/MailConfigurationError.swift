import LaunchGateStorage

/// A mail setting (`--smtp-url`, `--mail-from`) that can't be used, found at start-up.
public struct MailConfigurationError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``: always the operator's input to fix.
    public var kind: FailureKind { .invalidInput }

    private init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The SMTP URL is not one of the documented forms; `why` says what is wrong.
    public static func invalidSMTPURL(_ why: String) -> MailConfigurationError {
        .init("invalid-smtp-url", "--smtp-url: \(why); use smtps://user:pass@host:465, smtp://user:pass@host:587 (STARTTLS) or smtp://host:25?starttls=off")
    }

    /// The sender can't be used; `why` says what is wrong.
    public static func invalidSender(_ why: String) -> MailConfigurationError {
        .init("invalid-mail-from", "--mail-from: \(why); use no-reply@example.com or \"Example <no-reply@example.com>\"")
    }
}
