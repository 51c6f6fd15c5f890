import Foundation
import Synchronization

/// The simulated device's clock: real time plus an offset that `advance` grows and a file in the
/// state folder keeps, so a dismissal's 24 hours can pass in a second and stay passed after a relaunch.
///
/// Every part of the SDK gets ``now`` as its clock, so the throttle, the refresh interval, the
/// resend countdown and session expiry all see the same simulated time.
public final class SimulatedClock: Sendable {
    /// Where the offset is kept.
    public let file: URL
    private let base: @Sendable () -> Date
    private let offset: Mutex<TimeInterval>

    /// Opens the clock kept in `file`; a missing file is no offset.
    /// - Parameters:
    ///   - file: The offset's file, `clock.json` in the state folder.
    ///   - base: The real clock the offset is added to.
    /// - Throws: ``SimulatorInputError`` when the file exists but can't be read as an offset.
    public init(file: URL, base: @escaping @Sendable () -> Date = Date.init) throws(SimulatorInputError) {
        self.file = file
        self.base = base
        self.offset = Mutex(try Self.read(file))
    }

    /// Seconds the simulated clock is ahead of the real one.
    public var offsetSeconds: TimeInterval { offset.withLock { $0 } }

    /// The simulated time now.
    public func date() -> Date { base().addingTimeInterval(offsetSeconds) }

    /// A closure reading this clock, for the SDK's `now:` parameters.
    public var now: @Sendable () -> Date { { [self] in date() } }

    /// A timer on this clock, for the SDK's `sleep:` parameters (the maintenance window's): it ends
    /// once the simulated time has passed the deadline, by real time passing or by `advance`. The
    /// clock has no list of sleepers to wake, so it looks every tenth of a second.
    public var sleep: @Sendable (TimeInterval) async throws -> Void {
        { [self] seconds in
            let deadline = date().addingTimeInterval(seconds)
            while date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        }
    }

    /// Moves the clock forward and writes the new offset.
    /// - Parameter duration: How far.
    /// - Throws: ``SimulatorInputError`` when the offset would pass ten years, or can't be written;
    ///   the clock is then unchanged.
    public func advance(by duration: SimulatedDuration) throws(SimulatorInputError) {
        let updated = offsetSeconds + duration.seconds
        guard updated <= SimulatedDuration.longest else {
            throw SimulatorInputError("the clock is already \(offsetDescription) ahead; it goes at most 3650d ahead")
        }
        do {
            let data = try JSONEncoder().encode(Stored(offsetSeconds: updated))
            try data.write(to: file, options: .atomic)
        } catch {
            throw SimulatorInputError("can't write \(file.path): \(error.localizedDescription)")
        }
        offset.withLock { $0 = updated }
    }

    /// The offset as `1d1h`, or `0s`.
    public var offsetDescription: String { SimulatedDuration.format(offsetSeconds) }

    private struct Stored: Codable {
        var offsetSeconds: TimeInterval
    }

    private static func read(_ file: URL) throws(SimulatorInputError) -> TimeInterval {
        guard FileManager.default.fileExists(atPath: file.path) else { return 0 }
        let stored: Stored
        do { stored = try JSONDecoder().decode(Stored.self, from: Data(contentsOf: file)) } catch {
            throw SimulatorInputError("\(file.path) is not a simulated clock; delete it to start the clock at the real time")
        }
        guard stored.offsetSeconds.isFinite, (0...SimulatedDuration.longest).contains(stored.offsetSeconds) else {
            throw SimulatorInputError("\(file.path) holds an offset outside 0 to 3650 days; delete it to start the clock at the real time")
        }
        return stored.offsetSeconds
    }
}
