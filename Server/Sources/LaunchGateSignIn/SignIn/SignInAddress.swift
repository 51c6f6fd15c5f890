import Foundation
import LaunchGate

/// The server's rules for a sign-in address (docs/sign-in.md): the SDK's own
/// (``EmailAddress/problem(with:)``), so the two can't disagree, in the server's words.
enum SignInAddress {
    /// The address trimmed, lowercased and in Unicode NFC (so SQL's byte comparison finds one
    /// address however it was typed), if it breaks none of the rules: one `@`, no whitespace,
    /// control characters, invisible (format or default-ignorable) characters or `<>()[],;:"\`,
    /// a local part of 1 to 64 bytes that is a dot-atom (no dot at its start or end or two in a row),
    /// a domain of 1 to 255 bytes in two or more labels of 1 to 63 that neither start nor end with `-`,
    /// whose last label is not all digits and which NFKC leaves unchanged (no full-width forms or
    /// ideographic dots), and 254 bytes at most in all.
    /// - Throws: ``SignInServiceError`` `invalid_email`, with the rule that failed.
    package static func normalized(_ text: String) throws -> String {
        let value = EmailAddress.normalize(text)
        guard let problem = EmailAddress.problem(with: value) else { return value }
        let message = switch problem {
        case .empty: "give an email address, as in ada@example.com"
        case .whitespaceOrControl: "an email address can't contain spaces, line breaks or control characters"
        case .invisibleCharacter: "an email address can't contain invisible characters (such as a zero-width space, a text-direction mark or a soft hyphen); type it rather than pasting it"
        case .specialCharacter: #"an email address can't contain any of < > ( ) [ ] , ; : " \"#
        case .notOneAt: "an email address has exactly one @, as in ada@example.com"
        case .partMissing:
            "give the whole address, as in ada@example.com: something before and after the @ and on both sides of each dot before it, and a domain of two labels or more"
        case .localPartTooLong: "the part before the @ is longer than 64 bytes"
        case .malformedDomain:
            "the domain has an empty label (a dot at its start or end, or two in a row), a label over 63 bytes, one that starts or ends with -, "
                + "a last label of digits only (an IP address), or full-width letters or ideographic dots"
        case .tooLong: "the address is longer than 254 bytes"
        }
        throw SignInServiceError.invalidEmail(message)
    }
}
