import Foundation

/// The networks an address signed in from, which the address's own caps don't hold back.
///
/// An attacker with a few /24s could spend an address's 20 sends an hour, or fill its live codes,
/// so that its owner's next send was refused for up to an hour (issue 27, item 3, the re-attack's
/// F3). A right code remembers the network that typed it, for the app and address; a send from a
/// remembered network then skips the address-wide send cap and the live-codes cap (it keeps its
/// own network's caps and the app's mail caps), and its guesses at other networks' codes skip the
/// address's 25 an hour (its network's share of 5 still applies). A network becomes known only
/// by a right code, so an attacker's own networks stay strangers; one who shares the owner's /24
/// or /48 shares its exemptions, as docs/sign-in.md says.
public enum KnownNetworks {
    /// Networks remembered per address; a sign-in from a further one forgets the one that signed
    /// in longest ago, so what one address stores is bounded whatever its owner does.
    public static let kept = 8
    /// Seconds a network is remembered after its last sign-in (30 days); the sweep deletes it after.
    public static let forgetAfter: TimeInterval = 30 * 86_400

    /// The earliest sign-in that still makes a network known at `now`.
    static func since(_ now: Date) -> Date { now.addingTimeInterval(-forgetAfter) }
}
