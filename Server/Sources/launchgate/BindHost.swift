import LaunchGateStorage

/// The check of `--host` and LAUNCHGATE_HOST: an IPv4 or IPv6 address, or a host name.
///
/// Binding is where a bad host used to show, after the database was opened and migrated, with the
/// resolver's words; and beside `--host`, LAUNCHGATE_HOST was never looked at (re-attack s12, B4).
enum BindHost {
    /// The text as given, when it is an address or a host name.
    /// - Throws: ``OptionRefusal`` for anything else, such as `999.1.1.1`, `a_b` or `host:8080`.
    static func check(_ text: String) throws -> String {
        if !text.contains("/"), (try? IPNetwork(parsing: text)) != nil { return text }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        // RFC 1123 host names: letters, digits and inner hyphens in labels of 1 to 63. A name
        // whose last label is all digits is a mistyped IPv4 address (999.1.1.1), not a name.
        let isName = text.utf8.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        } && labels.last?.allSatisfy(\.isNumber) == false
        guard isName else { throw OptionRefusal("must be an IPv4 or IPv6 address or a host name, not \"\(text.prefix(40))\"") }
        return text
    }
}
