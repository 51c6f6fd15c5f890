import LaunchGateStorage

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
