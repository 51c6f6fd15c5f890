import Foundation

extension UpdateMonitor {
    /// Re-checks for a new policy now: the maintenance screen's "Try Again". The screen lifts if
    /// the operator has ended the window; offline, the cached decision stays.
    public func retry() async {
        await check()
    }

    /// Hands the maintenance window's link (its status page) to the opener.
    /// - Returns: Whether a URL was opened: `false` unless the maintenance screen shows and its
    ///   window has an `https` link.
    @discardableResult
    public func openMaintenancePage() async -> Bool {
        guard let url = maintenancePageURL else { return false }
        return await opener.open(url)
    }

    /// The maintenance window's link while its screen shows and the link is `https`; `nil` otherwise.
    public var maintenancePageURL: URL? {
        guard decision.kind == .maintenance, let url = decision.prompt?.maintenance?.url,
              PolicyLimits.maintenanceURLSchemes.contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else { return nil }
        return url
    }

    /// Sets the timer for the next maintenance re-check: the window's start while it is ahead,
    /// its end while it runs, and while the screen shows, the recheck interval plus jitter if that
    /// comes sooner. The policy in hand may be stale, so the timer re-checks rather than only
    /// re-deciding: the operator may have moved the end, or stopped a window that has none.
    func scheduleMaintenanceTimer() {
        let current = now()
        var next = policy?.policy(for: app.platform)?.maintenance?.nextBoundary(after: current)
        if decision.kind == .maintenance {
            let recheck = current.addingTimeInterval(configuration.maintenanceRecheckInterval + max(0, jitter()))
            next = min(next ?? recheck, recheck)
        }
        guard maintenanceTimer?.at != next else { return }
        maintenanceTimer?.task.cancel()
        maintenanceTimer = nil
        guard let next else { return }
        let task = Task { [weak self, sleep] in
            do { try await sleep(next.timeIntervalSince(current)) } catch { return }
            await self?.maintenanceTimerFired(next)
        }
        maintenanceTimer = (next, OwnedTask(task))
    }

    /// Call when the device's clock or time zone changes (Foundation's `NSSystemClockDidChange` and
    /// `NSSystemTimeZoneDidChange`, UIKit's `significantTimeChangeNotification`, which the adapters
    /// pass on; one change may post several, and each call leaves one timer): re-decides at the new
    /// time and sets the maintenance timer again. The timer sleeps a number of seconds, not until
    /// a time of day, so after the user sets the clock it would wake at the wrong moment: the
    /// screen would show late, or stay up after its end. The screen's times follow the new zone.
    public func significantTimeChange() {
        // Set again even for the same moment: the sleep's length was worked out on the old clock.
        maintenanceTimer?.task.cancel()
        maintenanceTimer = nil
        reevaluate(loading: isLoading)
    }

    private func maintenanceTimerFired(_ moment: Date) async {
        guard maintenanceTimer?.at == moment else { return }
        maintenanceTimer = nil
        // A timer that woke before the clock says it should (a clock set back) waits the rest.
        guard now() >= moment else { return scheduleMaintenanceTimer() }
        guard let window = policy?.policy(for: app.platform)?.maintenance, [window.start, window.end].contains(moment) else {
            return await check()
        }
        // Every install in the foreground reaches a window's start or end in the same second.
        // The policy in hand decides at once; the server is asked a random moment later, for a
        // window the operator moved, so the installs don't all ask in that second.
        reevaluate(loading: false)
        let delay = max(0, jitter())
        boundaryCheck = OwnedTask(Task { [weak self, sleep] in
            do { try await sleep(delay) } catch { return }
            await self?.check()
        })
    }
}
