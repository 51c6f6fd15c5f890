/// Which App Store app a link follows: by bundle ID (`com.example.app`) or by Apple ID, the
/// number in the app's App Store URL (`id1234567890`), which the lookup also accepts.
public enum AppStoreIdentity: Sendable, Hashable {
    /// The app's bundle identifier.
    case bundleID(String)
    /// The app's numeric Apple ID, as decimal digits.
    case appleID(String)

    /// The lookup's query item for this app.
    public var queryItem: (name: String, value: String) {
        switch self {
        case .bundleID(let id): ("bundleId", id)
        case .appleID(let id): ("id", id)
        }
    }

    /// The bundle ID the answer must carry, when the link names one.
    public var bundleID: String? {
        if case .bundleID(let id) = self { id } else { nil }
    }

    /// The Apple ID the answer must carry, when the link names one.
    public var appleID: String? {
        if case .appleID(let id) = self { id } else { nil }
    }

    /// The text shown in status and the CLI.
    public var description: String {
        switch self {
        case .bundleID(let id): id
        case .appleID(let id): "id\(id)"
        }
    }
}
