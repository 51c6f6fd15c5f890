extension AdminTokens {
    /// The token ID that a person names on the command line: the ID itself, or a whole token
    /// (`lgt_<id>_<secret>`) or its first part (`lgt_<id>`), as pasted.
    /// - Parameter argument: What was typed.
    /// - Returns: The 12 lowercase hex digits of the ID, or `nil` when the text is not one of those forms.
    public static func tokenID(fromArgument argument: String) -> String? {
        let parts = argument.split(separator: "_", omittingEmptySubsequences: false)
        let id: Substring
        switch parts.count {
        case 1: id = parts[0]
        case 2, 3:
            guard parts[0] == "lgt" else { return nil }
            id = parts[1]
        default: return nil
        }
        guard id.utf8.count == 12, id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) else {
            return nil
        }
        return String(id)
    }
}
