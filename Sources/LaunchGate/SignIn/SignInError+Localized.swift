import Foundation

extension SignInError {
    /// The error in words for the user, in the language of `strings`.
    ///
    /// Each code the SDK knows has a translated text, with the wait from ``retryAfter`` in it where
    /// the server gave one. A code this SDK doesn't know yet keeps ``message``, the server's own
    /// words, which are still better than a generic failure. ``message`` itself stays as it came,
    /// for logs.
    ///
    /// ```swift
    /// func message(for error: SignInError) -> Text {
    ///     Text(error.localizedMessage(.forLanguages(Locale.preferredLanguages)))
    /// }
    /// ```
    /// - Parameter strings: The language, from ``LaunchGateStrings/forLanguages(_:)``.
    /// - Returns: The message.
    public func localizedMessage(_ strings: LaunchGateStrings) -> String {
        if let key = Self.keys[code] { return strings.text(key) }
        switch code {
        case Self.invalidEmail.code:
            // The SDK's own refusal says which rule failed; so does a server that words it the same.
            let problem = EmailAddress.Problem.all.first { $0.localizedMessage(.english) == message }
            return problem?.localizedMessage(strings) ?? strings.text(.errorInvalidEmail)
        case Self.invalidCode.code:
            return strings.text(message == StringKey.errorCodeNotDigits.english ? .errorCodeNotDigits : .errorInvalidCode)
        case Self.unauthorized.code:
            return strings.text(message == StringKey.errorOtherDevice.english ? .errorOtherDevice : .errorUnauthorized)
        case Self.rateLimited.code:
            guard let seconds = retryAfter, seconds > 0 else { return strings.text(.errorRateLimited) }
            // Short waits count down in seconds; longer ones read better in whole minutes, rounded up.
            return seconds < 120
                ? strings.text(.errorRateLimitedSeconds, ["seconds": "\(seconds)"])
                : strings.text(.errorRateLimitedMinutes, ["minutes": "\(Self.minutes(seconds))"])
        case Self.locked.code:
            guard let seconds = retryAfter, seconds > 0 else { return strings.text(.errorLocked) }
            return strings.text(.errorLockedMinutes, ["minutes": "\(Self.minutes(seconds))"])
        case Self.rejected.code:
            // An older backend's own reason, when it gave one, says more than "refused".
            return message == Self.rejected.message ? strings.text(.errorRejected) : message
        default:
            return message
        }
    }

    /// The codes whose text never depends on the message or the wait.
    private static let keys: [String: StringKey] = [
        "offline": .errorOffline, timeout.code: .errorTimeout, cancelled.code: .errorCancelled,
        "insecure_url": .errorSetup, "not_on_seed_paths": .errorSetup, "redirect_refused": .errorRedirectRefused,
        "too_large": .errorTooLarge, "invalid_response": .errorInvalidResponse, "storage_failed": .errorStorageFailed,
        invalidRequest.code: .errorInvalidRequest, deliveryFailed.code: .errorDeliveryFailed,
        notFound.code: .errorNotFound, unavailable.code: .errorUnavailable,
    ]

    private static func minutes(_ seconds: Int) -> Int { (seconds + 59) / 60 }
}
