@testable import LaunchGateServer

extension RawRequestHead.Scan {
    /// The head, when the scan found a complete one.
    var head: RawRequestHead? {
        if case .head(let head) = self { head } else { nil }
    }
}
