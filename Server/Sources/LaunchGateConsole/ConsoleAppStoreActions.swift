import LaunchGate
import LaunchGateAppStore

/// What the App Store page's forms do besides linking: sync a link now and keep the App Store
/// Connect key. The composition root supplies them, as it does for the admin API, so the console
/// polls with the same poller and keeps keys with the same ``AppStoreConnectKeys``.
package struct ConsoleAppStoreActions: Sendable {
    /// Polls one link now, as `POST /v1/admin/apps/{app}/appstore/sync` does.
    /// Its arguments are the app's ID, the platform, whether to forget what was served (`reset`), and
    /// the version an operator accepts (`accept`, the Accept button beside a held answer), if any.
    package typealias Sync = @Sendable (_ app: String, _ platform: Platform, _ reset: Bool, _ accept: AppVersion?) async throws -> AppStorePollReport

    /// Each app's App Store Connect key.
    package let keys: AppStoreConnectKeys
    package let sync: Sync

    /// Creates the value from its properties.
    package init(keys: AppStoreConnectKeys, sync: @escaping Sync) {
        self.keys = keys
        self.sync = sync
    }
}
