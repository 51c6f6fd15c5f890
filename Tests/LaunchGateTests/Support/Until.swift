/// Waits until `condition` holds, checking every millisecond. The limit only stops a broken test
/// from hanging; no expectation depends on how long anything takes.
/// - Parameters:
///   - limit: How long to wait before giving up.
///   - condition: What the test waits for.
/// - Returns: Whether `condition` held before the limit.
@MainActor
func until(_ limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
