import Foundation
import LaunchGateStorage

/// The network a sign-in request comes from, for the budgets each network has at one address.
///
/// Sign-in's per-address limits used to count everyone together, so anyone could spend an
/// address's budget and lock its owner out (issue 27, item 3). Each network now has its own share
/// of an address's sends and guesses, under the address's overall caps; one network's requests
/// spend only its own share. A network is an IPv4 /24 or an IPv6 /48 (``ClientNetwork``, which
/// the connection shares count too).
enum SignInNetwork {
    /// The network of a client, given as its limit key; the rule is ``ClientNetwork/of(_:)``,
    /// which recording's per-network quotas share.
    static func of(_ client: String) -> String { ClientNetwork.of(client) }
}
