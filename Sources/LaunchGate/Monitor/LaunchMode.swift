/// How the app behaves while the first check is running.
public enum LaunchMode: Sendable, Hashable {
    /// Show a loading state until the first answer or the timeout, so content never flashes
    /// before a blocking screen, as a hand-rolled force-update check does. A cached blocking decision shows at once.
    case blocking(timeout: Duration)
    /// Show content at once; a banner or screen arrives when the check finishes, as the version.json banner does.
    case nonBlocking
}
