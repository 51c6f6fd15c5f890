import LaunchGate
import LaunchGateAppStore
import LaunchGateStorage

/// The App Store page's forms: link or relink a platform, sync or unlink a linked one (publish
/// scope, as in the admin API), and set or remove the App Store Connect key (admin scope). A
/// refused form comes back with its fields as sent, except the private key, which is never shown.
struct AppStoreFormsView: ConsoleView {
    /// The form a post came from, so its refusal is shown in that form and nowhere else.
    package enum Form: String, Sendable {
        case link, credentials
    }

    /// A stored key as the page may show it: its key ID, never the key.
    package struct Key: ConsoleView {
        package let keyID: String
        package let updated: String
    }

    package let canPublish: Bool
    package let canAdminister: Bool
    /// What the last post did, as a sentence; `nil` when the page was not reached from a form.
    package let notice: String?
    /// Why a sync, an unlink or a removal failed, or a sync's per-storefront errors.
    package let problems: [String]
    package let platforms: [ConsoleOption]
    package let identityKinds: [ConsoleOption]
    package let pins: [ConsoleOption]
    /// The link form's fields as sent.
    package let identity: String
    package let storefronts: String
    package let linkError: String?
    package let platformError: String?
    package let identityError: String?
    package let storefrontsError: String?
    package let pinsError: String?
    /// The stored key, or `nil` when none is set.
    package let key: Key?
    /// The credentials form's IDs as sent; the key itself is never sent back.
    package let issuerID: String
    package let keyID: String
    package let credentialsError: String?
    package let issuerIDError: String?
    package let keyIDError: String?
    package let privateKeyError: String?

    /// - Parameters:
    ///   - scope: The signed-in token's scope, which decides the forms shown.
    ///   - key: The stored App Store Connect key's IDs; `nil` for none.
    ///   - notice: What the last post did.
    ///   - problems: What went wrong outside the two forms.
    ///   - form: The refused form's name and fields, or `nil`.
    ///   - error: Its refusal.
    package init(scope: TokenScope, key: AppStoreConnectKeys.Summary?, notice: String? = nil, problems: [String] = [],
                 form: (Form, ConsoleForm)? = nil, error: ConsoleFormError? = nil) {
        (canPublish, canAdminister, self.notice, self.problems) = (scope >= .publish, scope >= .admin, notice, problems)
        let link = form?.0 == .link ? form?.1 : nil
        let linkFailure = form?.0 == .link ? error : nil
        platforms = Platform.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == link?["platform"]) }
        identityKinds = [ConsoleOption(value: "bundleId", label: "Bundle ID", selected: link?["identityKind"] != "appleId"),
                         ConsoleOption(value: "appleId", label: "Apple ID", selected: link?["identityKind"] == "appleId")]
        let pinned = Set(link?.all("pins") ?? [])
        pins = AppStorePin.allCases.map { ConsoleOption(value: $0.rawValue, selected: pinned.contains($0.rawValue)) }
        (identity, storefronts) = (link?.raw("identity") ?? "", link?.raw("storefronts") ?? "")
        (linkError, platformError) = (linkFailure?.message(for: nil), linkFailure?.message(for: .platform))
        (identityError, storefrontsError, pinsError) = (linkFailure?.message(for: .identity), linkFailure?.message(for: .storefronts),
                                                        linkFailure?.message(for: .pins))
        self.key = key.map { Key(keyID: $0.keyID, updated: ConsoleFigures.date($0.updatedAt)) }
        let credentials = form?.0 == .credentials ? form?.1 : nil
        let credentialsFailure = form?.0 == .credentials ? error : nil
        (issuerID, keyID) = (credentials?.raw("issuerId") ?? "", credentials?.raw("keyId") ?? "")
        (credentialsError, issuerIDError) = (credentialsFailure?.message(for: nil), credentialsFailure?.message(for: .issuerId))
        (keyIDError, privateKeyError) = (credentialsFailure?.message(for: .keyId), credentialsFailure?.message(for: .privateKey))
    }
}
