import Foundation

/// What ``SignInRepository/attemptCode(_:at:)`` did.
public enum CodeAttemptOutcome: Sendable, Hashable {
    /// The code was right: it is consumed and the session stored.
    case signedIn(SignInCompletion)
    /// Wrong, used, expired, out of tries or never sent, one answer for all; the failure is counted
    /// and may have locked the address.
    case wrong
    /// The address is locked until then; nothing was charged or counted.
    case locked(until: Date)
    /// A limit refused: one more event fits after these seconds. Charges before it stay recorded.
    case rateLimited(TimeInterval)
}
