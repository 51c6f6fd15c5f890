import Foundation

/// One line typed to the simulator, read by ``parse(_:)``.
public enum SimulatorCommand: Sendable, Hashable {
    /// Taps the shown button whose title matches, without case: `tap Update Now`, `tap "Not Now"`.
    case tap(String)
    /// Types into the shown field without submitting it: `type ada@example.com`.
    case type(String)
    /// A line that is no command: on the email or code step, the field's input, submitted as
    /// Return would submit it.
    case input(String)
    /// Swipes away the banner, its dialog or a recommended screen.
    case dismiss
    /// Sends the app to the background.
    case background
    /// Brings the app back, which re-checks for updates once due.
    case foreground
    /// Moves the simulated clock forward.
    case advance(SimulatedDuration)
    /// Ends the app and starts it again from what it stored.
    case relaunch
    /// Signs out.
    case signOut
    /// Asks to delete the signed-in account, as the app's own button would: the confirmation
    /// shows, and `tap Delete Account` deletes it on the server.
    case deleteAccount
    /// Lists the commands.
    case help
    /// Ends the simulation.
    case quit

    /// Reads a line.
    /// - Parameter line: The line, without its line break.
    /// - Returns: The command, or `nil` for a blank line.
    /// - Throws: ``SimulatorInputError`` for a command with a missing, extra or malformed argument.
    public static func parse(_ line: String) throws(SimulatorInputError) -> SimulatorCommand? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let first = trimmed.prefix { !$0.isWhitespace }
        guard !first.isEmpty else { return nil }
        let word = first.lowercased()
        let rest = trimmed.dropFirst(first.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "tap":
            let title = unquoted(rest)
            guard !title.isEmpty else { throw SimulatorInputError("tap needs a button's title, as in: tap Update Now") }
            return .tap(title)
        case "type":
            let text = unquoted(rest)
            guard !text.isEmpty else { throw SimulatorInputError("type needs the text, as in: type ada@example.com") }
            return .type(text)
        case "advance":
            guard !rest.isEmpty else { throw SimulatorInputError("advance needs a duration, as in: advance 25h") }
            return .advance(try SimulatedDuration(parsing: rest))
        case "dismiss", "background", "foreground", "relaunch", "sign-out", "delete-account", "help", "quit":
            guard rest.isEmpty else { throw SimulatorInputError("\(word) takes nothing after it") }
            return switch word {
            case "dismiss": .dismiss
            case "background": .background
            case "foreground": .foreground
            case "relaunch": .relaunch
            case "sign-out": .signOut
            case "delete-account": .deleteAccount
            case "help": .help
            default: .quit
            }
        default:
            return .input(trimmed)
        }
    }

    /// The text between one pair of matching quotes, or the text as it is.
    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
