/// Figures as people read them, the same in the console, the CLI, the API's messages and the
/// docs: grouped digits, a count with its noun, and one percent format.
///
/// Storage holds what every target beneath the console and the CLI shares, so the impact's
/// sentences, the console's tables and the CLI's lines ("revoked 1 session", "restored
/// 12 migrations") all word a figure here, and none reads "1 installs" or `0 %` for a share
/// that isn't 0.
///
/// ```swift
/// FigureText.count(1_240, "install")   // "1,240 installs"
/// FigureText.percent(0.2625)           // "26.3 %"
/// ```
public enum FigureText {
    /// `12.3 %`: the one percent format of every surface; a share that isn't 0 or 1 never reads
    /// as `0 %` or `100 %` (`<0.1 %`, `>99.9 %`).
    /// - Parameter share: 0…1.
    public static func percent(_ share: Double) -> String {
        if share > 0 && share < 0.0005 { return "<0.1 %" }
        if share < 1 && share > 0.9995 { return ">99.9 %" }
        let tenths = (share * 1000).rounded() / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + " %"
    }

    /// `1,234,567`: digits in groups of three, a minus sign kept.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// A count with its noun: "no installs", "1 install", "1,240 installs"; the one place
    /// generated sentences choose between singular and plural.
    /// - Parameters:
    ///   - number: How many.
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
}
