extension EmailAddress.Problem {
    /// What is wrong with the address, in words for the user.
    /// - Parameter strings: The language, from ``LaunchGateStrings/forLanguages(_:)``.
    /// - Returns: The message; in English it is the message of the ``SignInError/invalidEmail`` that
    ///   ``EmailAddress/init(_:)`` throws.
    public func localizedMessage(_ strings: LaunchGateStrings) -> String {
        switch self {
        case .empty: strings.text(.errorEmailEmpty)
        case .whitespaceOrControl: strings.text(.errorEmailWhitespace)
        case .invisibleCharacter: strings.text(.errorEmailInvisible)
        case .specialCharacter: strings.text(.errorEmailSpecialCharacter)
        case .notOneAt: strings.text(.errorEmailNotOneAt)
        case .partMissing: strings.text(.errorEmailPartMissing)
        case .localPartTooLong: strings.text(.errorEmailLocalPartTooLong, ["maximum": "\(EmailAddress.maximumLocalPartLength)"])
        case .malformedDomain: strings.text(.errorEmailMalformedDomain)
        case .tooLong: strings.text(.errorEmailTooLong, ["maximum": "\(EmailAddress.maximumLength)"])
        }
    }

    /// Every problem, for recognising one from its English message. Keep it in step with the
    /// enum: the switch above is checked by the compiler, this list by `SignInErrorLocalizedTests`.
    static let all: [EmailAddress.Problem] = [
        .empty, .whitespaceOrControl, .invisibleCharacter, .specialCharacter, .notOneAt, .partMissing,
        .localPartTooLong, .malformedDomain, .tooLong,
    ]
}
