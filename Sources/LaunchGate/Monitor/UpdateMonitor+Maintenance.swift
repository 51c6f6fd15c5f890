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
        guard decision.kind == .maintenance, let url = decision.prompt?.maintenance?.url,
              PolicyLimits.maintenanceURLSchemes.contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else { return false }
        return await opener.open(url)
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

    private func maintenanceTimerFired(_ moment: Date) async {
        guard maintenanceTimer?.at == moment else { return }
        maintenanceTimer = nil
        // A timer that woke before the clock says it should (a clock set back) waits the rest.
        guard now() >= moment else { return scheduleMaintenanceTimer() }
        await check()
    }
}
