/// The simulator's read-draw loop: reads a command a line, does it, and draws the screen.
///
/// Scriptable: with commands piped in, it echoes each one (`> tap Not Now`) before what it led to,
/// so the output reads as a transcript, and it draws plain text when the renderer says so.
@MainActor
public final class SimulatorConsole {
    private let simulator: Simulator
    private let renderer: CardRenderer
    private let input: LineReader
    private let write: (String) -> Void
    private let writeProblem: (String) -> Void
    private let prompts: Bool
    private var shownDiagnostics: [String] = []

    /// Lines refused so far (unknown commands and buttons, lines too long), which a script should
    /// hear about through the exit status.
    public private(set) var refusals = 0

    /// Creates a console.
    /// - Parameters:
    ///   - simulator: The device.
    ///   - renderer: How cards and notes are drawn.
    ///   - input: Where commands come from.
    ///   - prompts: Whether a person types the commands: prompt for each (with the field's label on
    ///     the email and code steps) instead of echoing it.
    ///   - write: Standard output.
    ///   - writeProblem: Standard error, for refused commands.
    public init(simulator: Simulator, renderer: CardRenderer, input: LineReader, prompts: Bool,
                write: @escaping (String) -> Void, writeProblem: @escaping (String) -> Void) {
        self.simulator = simulator
        self.renderer = renderer
        self.input = input
        self.prompts = prompts
        self.write = write
        self.writeProblem = writeProblem
    }

    /// Launches the app and runs commands until `quit` or the end of the input.
    public func run() async {
        let settings = simulator.settings
        let build = settings.app.build.map { " (\($0))" } ?? ""
        write(renderer.note("\(settings.appID) \(settings.app.version)\(build) on \(settings.app.platform.rawValue), "
                            + "languages \(settings.app.preferredLanguages.joined(separator: ", ")), "
                            + "state in \(settings.stateDirectory.path), clock \(simulator.clock.offsetDescription) ahead; type help for commands"))
        await simulator.launch()
        show()
        while true {
            if prompts { write(simulator.card.field.map { "\($0.label): " } ?? "> ") }
            let line: String
            switch input.next() {
            case .end:
                if prompts { write("\n") }
                return
            case .tooLong:
                refuse("a line may be at most \(input.limit) bytes; that one was ignored")
                continue
            case .line(let text):
                line = text
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            if !prompts { write("> " + CardRenderer.clean(line) + "\n") }
            let command: SimulatorCommand?
            do { command = try SimulatorCommand.parse(line) } catch {
                refuse(error.message)
                continue
            }
            switch command {
            case nil: continue
            case .quit?: return
            case .help?: write(SimulatorHelp.text)
            case let command?:
                // These check again: a failure that repeats is news again.
                if command == .relaunch || command == .foreground { shownDiagnostics = [] }
                do { try await simulator.perform(command) } catch {
                    refuse(error.message)
                    continue
                }
                if case .advance = command { write(renderer.note("the clock is now \(simulator.clock.offsetDescription) ahead")) }
                show()
            }
        }
    }

    /// Draws the card, and any of the SDK's failures that are new since the last time.
    private func show() {
        write(renderer.render(simulator.card))
        let diagnostics = simulator.diagnostics
        for line in diagnostics where !shownDiagnostics.contains(line) { write(renderer.note(line)) }
        shownDiagnostics = diagnostics
    }

    private func refuse(_ message: String) {
        refusals += 1
        writeProblem(renderer.problem(message))
    }
}
