import Foundation
import LaunchGateStorage
import Synchronization

/// Apps' sign-in settings as last read, for a few seconds, so that a send or a verify doesn't read
/// them from the database each time.
///
/// Saving through this instance forgets the app's entry at once; another instance's save is seen
/// within ``lifetime``. Only apps that exist get here (the service checks first), and the table is
/// cleared when it would pass ``capacity`` all the same.
final class SignInSettingsCache: Sendable {
    private struct Entry {
        var settings: SignInSettings
        var readAt: Date
    }

    /// How long an entry is used.
    package let lifetime: TimeInterval
    /// The most apps held.
    package let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])
    /// Bumped by every ``forget(app:)``, so settings read before a save are not kept after it.
    private let saves = Mutex(0)

    /// The number of saves so far; pass it back to ``store(_:at:readAfter:)``.
    package var generation: Int { saves.withLock { $0 } }

    init(lifetime: TimeInterval = 5, capacity: Int = 1_024) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The app's settings read less than ``lifetime`` ago, else `nil`.
    package func settings(app: String, at now: Date) -> SignInSettings? {
        entries.withLock { entries in
            guard let entry = entries[app], now.timeIntervalSince(entry.readAt) >= 0,
                  now.timeIntervalSince(entry.readAt) < lifetime else { return nil }
            return entry.settings
        }
    }

    /// Keeps settings just read, unless a save came after the read began.
    /// - Parameter generation: ``generation`` from before the read.
    package func store(_ settings: SignInSettings, at now: Date, readAfter generation: Int) {
        saves.withLock { saves in
            guard saves == generation else { return }
            entries.withLock { entries in
            if entries.count >= capacity, entries[settings.appID] == nil { entries.removeAll(keepingCapacity: true) }
            entries[settings.appID] = Entry(settings: settings, readAt: now)
            }
        }
    }

    /// Forgets an app's settings, after a save.
    package func forget(app: String) {
        saves.withLock { saves in
            saves += 1
            _ = entries.withLock { $0.removeValue(forKey: app) }
        }
    }
}
