import LaunchGate

extension ImpactSentences {
    /// `12.3 %`: the one percent format of the console, the CLI, the API's messages and the docs;
    /// a share that isn't 0 or 1 never reads as `0 %` or `100 %`.
    /// - Parameter share: 0…1.
    public static func percent(_ share: Double) -> String {
        if share > 0 && share < 0.0005 { return "<0.1 %" }
        if share < 1 && share > 0.9995 { return ">99.9 %" }
        let tenths = (share * 1000).rounded() / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + " %"
    }

    /// `1,234,567`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// A count with its noun: "no installs", "1 install", "1,240 installs"; the one place
    /// generated sentences choose between singular and plural, so none reads "1 installs".
    /// - Parameters:
    ///   - singular: The noun for one, words before it included: "iOS install".
    ///   - plural: The noun for any other count; `singular` with an "s" when `nil`.
    public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        let many = plural ?? singular + "s"
        switch number {
        case 0: return "no \(many)"
        case 1: return "1 \(singular)"
        default: return "\(grouped(number)) \(many)"
        }
    }

    /// The platform's name as people write it: "iOS", "Android", never the key `ios`.
    public static func name(_ platform: Platform) -> String {
        platform.osName
    }
}
