import LaunchGate
@testable import LaunchGateStorage

extension Array where Element == IgnoredAnswer {
    /// The answers as the status and sync show them, for the tests' app "notes" on iOS.
    var lines: [String] { map { $0.line(app: "notes", platform: .ios) } }
    /// The ones that wait for an operator's reset, as lines.
    var waiting: [String] { filter(\.waitsForOperator).lines }
}
