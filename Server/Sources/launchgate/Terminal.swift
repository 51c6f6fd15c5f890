import Foundation
import LaunchGateSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `simulate` draws on: box drawing and colour for a person at a terminal, plain text for a
/// pipe or a file; prompts only when a person types the commands.
struct Terminal: Sendable {
    /// How cards are drawn.
    let renderer: CardRenderer
    /// Whether standard input and output are both a terminal.
    let prompts: Bool

    /// The widest card drawn on a terminal: wider lines are harder to read.
    static let widest = 72

    /// Reads the process's standard input and output, and `NO_COLOR`.
    /// - Parameter forcePlain: `--plain`.
    static func current(forcePlain: Bool) -> Terminal {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let prompts = outputIsTerminal && isatty(STDIN_FILENO) == 1
        guard outputIsTerminal, !forcePlain else { return Terminal(renderer: CardRenderer(style: .plain), prompts: prompts) }
        let color = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        return Terminal(renderer: CardRenderer(style: .terminal(color: color), width: min(widest, columns() ?? CardRenderer.defaultWidth)),
                        prompts: prompts)
    }

    private static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
