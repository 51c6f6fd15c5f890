import Foundation
import LaunchGate

extension SimulatorSettings {
    /// The most languages `--language` takes, which is more than any device lists.
    public static let maximumLanguages = 16

    /// Reads the server's URL: http or https with a host. Whether plain http is allowed is the
    /// SDK's to say (only to this machine), so a remote http server shows the SDK's own refusal.
    /// - Parameter text: The URL as typed.
    /// - Returns: The URL, without a query or fragment.
    /// - Throws: ``SimulatorInputError`` for anything else.
    public static func serverURL(parsing text: String) throws(SimulatorInputError) -> URL {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, let url = components.url else {
            throw SimulatorInputError("--url must be the server's address, such as http://localhost:8080, not \"\(text.prefix(80))\"")
        }
        return url
    }

    /// Reads `--storefront`: the device's App Store storefront, as a two- or three-letter
    /// country code (`us`, `FR`, `JPN`, as StoreKit gives it).
    /// - Parameter text: The code as typed; `nil` when the flag was not given.
    /// - Returns: The storefront, or `nil` for none: an unknown storefront, which waits for the
    ///   slowest one a linked policy lists, as a device does before StoreKit answers.
    /// - Throws: ``SimulatorInputError`` for a code the App Store has no storefront for.
    public static func storefront(parsing text: String?) throws(SimulatorInputError) -> Storefront? {
        guard let text else { return nil }
        guard let storefront = Storefront(text) else {
            throw SimulatorInputError("--storefront takes an App Store country code such as us, gb or JPN, not \"\(text.prefix(20))\"")
        }
        return storefront
    }

    /// Reads `--language` values, each a tag or a comma-separated list of tags, in order of
    /// preference, without repeats: `--language fr,de --language en` is `fr`, `de`, `en`.
    /// - Parameter values: The values as typed.
    /// - Returns: The tags, `en` when none was given.
    /// - Throws: ``SimulatorInputError`` for a tag that is not letters, digits, `-` and `_` in
    ///   parts of 1 to 8 characters, or for more than ``maximumLanguages``.
    public static func languages(parsing values: [String]) throws(SimulatorInputError) -> [String] {
        var tags: [String] = []
        for value in values {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                let tag = part.trimmingCharacters(in: .whitespaces)
                let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
                guard !tag.isEmpty, tag.utf8.count <= 35,
                      subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
                    throw SimulatorInputError("--language takes language tags such as fr, pt-BR or fr,en, not \"\(tag.prefix(40))\"")
                }
                if !tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { tags.append(tag) }
            }
        }
        guard tags.count <= maximumLanguages else { throw SimulatorInputError("--language takes at most \(maximumLanguages) languages") }
        return tags.isEmpty ? ["en"] : tags
    }
}
