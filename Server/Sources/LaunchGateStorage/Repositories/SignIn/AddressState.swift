import Foundation

/// What the server remembers about an address, whether or not it has an account.
public struct AddressState: Sendable, Hashable {
    /// Failed verifies since the last success or lock.
    public var failures: Int
    /// Until when sends and verifies for the address are refused; `nil` when it is not locked.
    public var lockedUntil: Date?

    /// Creates a value.
    public init(failures: Int = 0, lockedUntil: Date? = nil) {
        self.failures = failures
        self.lockedUntil = lockedUntil
    }
}
