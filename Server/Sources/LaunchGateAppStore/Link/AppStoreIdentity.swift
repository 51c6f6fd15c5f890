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

    /// The text shown in status and the CLI.
    public var description: String {
        switch self {
        case .bundleID(let id): id
        case .appleID(let id): "id\(id)"
        }
    }
}

extension AppStoreIdentity {
    /// The identity an operator named: exactly one of a bundle ID (letters, digits, `.`, `-`, at most
    /// 155 characters, Apple's limit) or an Apple ID (digits, an optional `id` before them).
    /// - Throws: ``AppStoreLinkError`` `invalid-appstore-app`.
    public static func parse(bundleID: String?, appleID: String?) throws -> AppStoreIdentity {
        switch (bundleID, appleID) {
        case (let bundle?, nil):
            let allowed = bundle.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-") }
            guard !bundle.isEmpty, bundle.count <= 155, allowed else {
                throw AppStoreLinkError.invalidIdentity("'\(bundle.prefix(40))' is not a bundle ID: letters, digits, '.' and '-' only")
            }
            return .bundleID(bundle)
        case (nil, let apple?):
            let digits = apple.hasPrefix("id") ? String(apple.dropFirst(2)) : apple
            guard (1...20).contains(digits.count), digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
                throw AppStoreLinkError.invalidIdentity("'\(apple.prefix(40))' is not an Apple ID: the digits of the App Store URL's id")
            }
            return .appleID(digits)
        default:
            throw AppStoreLinkError.invalidIdentity("name the App Store app by its bundle ID or by its Apple ID, one of the two")
        }
    }
}
