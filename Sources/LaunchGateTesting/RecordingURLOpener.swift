import Foundation
import LaunchGate

/// A ``URLOpening`` that records what it was asked to open.
@MainActor
public final class RecordingURLOpener: URLOpening {
    /// Every URL opened, in order.
    public private(set) var opened: [URL] = []
    private let succeeds: Bool

    /// Creates an opener.
    /// - Parameter succeeds: What ``open(_:)`` reports.
    public nonisolated init(succeeds: Bool = true) { self.succeeds = succeeds }

    /// Records the URL.
    public func open(_ url: URL) async -> Bool {
        opened.append(url)
        return succeeds
    }
}
