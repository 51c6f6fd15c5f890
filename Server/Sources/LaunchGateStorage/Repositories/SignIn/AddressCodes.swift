import Foundation

/// What a send or a verify decides on, read in one statement: the address's codes, and which of
/// their networks (and whether the requester's) are known to it (``KnownNetworks``).
struct AddressCodes {
    /// The codes read.
    var codes: [SignInCodeRecord]
    /// The networks of ``codes`` known to the address.
    var knownNetworks: Set<String>
    /// Whether the requesting network is known to the address.
    var requesterKnown: Bool
}
