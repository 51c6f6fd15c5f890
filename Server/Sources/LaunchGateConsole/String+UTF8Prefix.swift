extension String {
    /// The string if it fits in `limit` UTF-8 bytes; otherwise its longest start of whole
    /// characters that fits with "…" after it, within `limit`. For text a page shows only the
    /// start of: long previewed notes, long diff lines.
    func shortened(toUTF8Bytes limit: Int) -> String {
        guard utf8.count > limit else { return self }
        let marker = "…"
        var cut = ""
        var bytes = marker.utf8.count
        for character in self {
            bytes += character.utf8.count
            guard bytes <= limit else { break }
            cut.append(character)
        }
        return cut + marker
    }
}
