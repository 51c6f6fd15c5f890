import LaunchGateAppStore
import LaunchGateStorage

/// A service's refusal as a console form shows it: in the form's words, next to the field it is
/// about, or at the top of the form when it is about no one field.
///
/// The services' messages are written for the API and the CLI ("the request body is not the JSON
/// this endpoint expects", "see 'launchgate operators list'"); a person at a form needs to know
/// which field to change and how. Codes are the stable part of an error, so the mapping is by code.
struct ConsoleFormError: Sendable, Equatable {
    /// The forms' fields a message can be shown next to, by their `name`.
    package enum Field: String, Sendable {
        case name, email, scope, kind, value, note
        /// The App Store page's link and credentials forms.
        case platform, identity, storefronts, pins, issuerId, keyId, privateKey
        /// The webhooks page's add form.
        case url, events
    }

    /// The field the message is shown next to; `nil` for the top of the form.
    package let field: Field?
    /// What to change, as a sentence.
    package let message: String

    /// The refusal in form language.
    /// - Parameter failure: What the service threw.
    init(_ failure: any LaunchGateFailure) {
        switch failure.code {
        case "invalid-token-name":
            self.init(field: .name, message: "Name the token after who holds it, in at most 100 bytes on one line, "
                + "without line breaks, control characters or text-direction marks.")
        case "invalid-email":
            self.init(field: .email, message: Self.sentence(failure.message))
        case "operator-exists":
            self.init(field: .email, message: "This address is already an operator. To change its scope, remove it and add it again.")
        case "invalid-exemption" where failure.message.hasPrefix("the note must be at most"):
            self.init(field: .note, message: "Shorten the note to at most 200 bytes.")
        case "invalid-exemption" where failure.message.hasPrefix("the note"):
            self.init(field: .note, message: "Write the note on one line, without control characters or text-direction marks.")
        case "invalid-exemption":
            self.init(field: .value, message: "Enter the ID as the app reports it: 1 to 200 bytes, without line breaks or control characters.")
        case "invalid-storefront", "too-many-storefronts":
            self.init(field: .storefronts, message: Self.sentence(failure.message))
        case "invalid-appstore-app":
            self.init(field: .identity, message: Self.sentence(failure.message))
        case "invalid-pin":
            self.init(field: .pins, message: Self.sentence(failure.message))
        case "invalid-webhook-url", "webhook-address-refused":
            self.init(field: .url, message: Self.sentence(failure.message))
        case "unknown-webhook-event":
            self.init(field: .events, message: Self.sentence(failure.message))
        default:
            self.init(field: nil, message: Self.sentence(failure.message))
        }
    }

    /// An App Store Connect key's refusal, next to the field it is about.
    /// - Parameter error: What ``AppStoreConnectKeys/set(app:issuerID:keyID:privateKeyPEM:)`` threw.
    init(_ error: AppStoreConnectError) {
        // The credentials' messages name their field first ("the key ID must be ..."); the reason alone can't tell them apart.
        let field: Field? = switch error.reason {
        case .invalidCredentials where error.message.hasPrefix("the issuer ID"): .issuerId
        case .invalidCredentials where error.message.hasPrefix("the key ID"): .keyId
        case .invalidCredentials where error.message.hasPrefix("the private key"): .privateKey
        default: nil
        }
        self.init(field: field, message: Self.sentence(error.message))
    }

    /// A message at a given place.
    init(field: Field?, message: String) {
        self.field = field
        self.message = message
    }

    /// The message when it belongs at `field` (`nil`: the top of the form), else `nil`.
    package func message(for field: Field?) -> String? {
        self.field == field ? message : nil
    }

    /// An API message as a sentence: capitalised, ending in a full stop.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
