import Foundation
import LaunchGate

extension Release {
    /// Sets the version by the rule every way of editing a policy shares (the CLI's flags and the
    /// console's form): a different version is a new release, so its `releaseDate` becomes `now`
    /// (a phased rollout counts from it) and the old release's build goes; the same version keeps
    /// both. A whole document sent to the API says its own date.
    /// - Parameters:
    ///   - version: The release's version; `nil` leaves a release without one, and without a date.
    ///   - now: When the edit is made, from the caller's injected clock.
    public mutating func setVersion(_ version: AppVersion?, at now: Date) {
        guard version != self.version else { return }
        self.version = version
        build = nil
        releaseDate = version == nil ? nil : now
    }
}
