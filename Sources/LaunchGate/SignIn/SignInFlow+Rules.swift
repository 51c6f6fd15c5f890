import Foundation

extension SignInFlow {
    /// The digits of typed or pasted text, at most `length` of them. Any script's decimal digits
    /// count (an Arabic-Indic keypad's too) and are sent as ASCII; everything else is dropped.
    static func digits(in text: String, length: Int) -> String {
        let digits = text.unicodeScalars.lazy
            .filter { $0.properties.numericType == .decimal }
            .compactMap { $0.properties.numericValue.map { Int($0) } }
            .filter { (0...9).contains($0) }
            .prefix(max(0, length))
            .map(String.init)
        return digits.joined()
    }

    /// The way out of a failed step, from the error and the step that failed.
    static func recovery(for error: SignInError, duringCodeStep: Bool, now: Date) -> Recovery {
        switch error {
        case .invalidEmail, .deliveryFailed: .editEmail
        case .invalidCode where duringCodeStep: .enterCodeAgain
        case .rejected: duringCodeStep ? .enterCodeAgain : .editEmail
        default: .tryAgain(notBefore: error.retryAfter.map { now.addingTimeInterval(TimeInterval($0)) })
        }
    }

    /// Whole seconds from `now` until `date`, rounded up so a countdown never shows 0 too early,
    /// and at most ``longestWait``: a date a server put absurdly far away must not trap the
    /// conversion to `Int`.
    static func secondsUntil(_ date: Date, now: Date) -> Int {
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return 0 }
        return seconds >= Double(longestWait) ? longestWait : Int(seconds.rounded(.up))
    }

    /// The longest wait the flow counts down: a day. Longer ones are a server's mistake.
    static let longestWait = 86_400

    /// A store's failure as a sign-in error; the stores in this package already throw one.
    static func storageError(_ error: any Error) -> SignInError {
        error as? SignInError ?? .storageFailed(String(describing: error))
    }
}
