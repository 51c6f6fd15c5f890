import Foundation

/// What ``SignInRepository/requestCode(_:at:)`` did.
public enum CodeRequestOutcome: Sendable, Hashable {
    /// The code and its mail are stored.
    case issued
    /// The long code (``CodeRequest/long``) and its mail are stored: the address's room for short
    /// codes couldn't hold the short one's tries.
    case issuedLong
    /// The address is locked until then; nothing was charged or stored.
    case locked(until: Date)
    /// The address's last mail failed for good; the failure is now reported, and nothing else was done.
    case deliveryFailed(String)
    /// A limit refused: one more event fits after these seconds. Charges before it stay recorded.
    case rateLimited(TimeInterval)
}
