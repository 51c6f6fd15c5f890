import Foundation
import LaunchGate

extension Simulator {
    /// Does what a command says, as a person would with the phone; ``card`` then shows the result.
    /// ``SimulatorCommand/help`` and ``SimulatorCommand/quit`` are the console's, and do nothing here.
    /// - Parameter command: The command.
    /// - Throws: ``SimulatorInputError`` when the command can't be done on what is shown (an unknown
    ///   button, nothing to dismiss, a tap while in the background); nothing changes then.
    public func perform(_ command: SimulatorCommand) async throws(SimulatorInputError) {
        switch command {
        case .tap(let title):
            try requireForeground()
            try await tap(title)
        case .type(let text):
            try requireForeground()
            try await enter(text, submit: false, asCommand: "type")
        case .input(let text):
            try requireForeground()
            try await enter(text, submit: true, asCommand: nil)
        case .dismiss:
            try requireForeground()
            guard flow.dismiss() else { throw SimulatorInputError("nothing on this screen can be dismissed") }
        case .background:
            guard !isInBackground else { throw SimulatorInputError("the app is already in the background") }
            isInBackground = true
        case .foreground:
            guard isInBackground else { throw SimulatorInputError("the app is already in the foreground; send it to the background first") }
            isInBackground = false
            await flow.didBecomeActive()
        case .advance(let duration):
            try clock.advance(by: duration)
        case .relaunch:
            // A new process would read everything from the state folder; so does the new flow.
            flow = Self.makeFlow(settings: settings, clock: clock, transport: transport, note: note)
            await launch()
        case .signOut:
            try requireForeground()
            guard flow.signIn?.session != nil else { throw SimulatorInputError("nobody is signed in") }
            await flow.signOut()
            guard flow.signIn?.session == nil else { throw SimulatorInputError("sign-out can't be reached from this screen") }
        case .deleteAccount:
            try requireForeground()
            guard flow.signIn?.session != nil else { throw SimulatorInputError("nobody is signed in") }
            guard flow.canDeleteAccount else {
                throw SimulatorInputError("account deletion can't be reached from this screen (it needs the app's per-app sign-in paths)")
            }
            flow.requestAccountDeletion()
        case .help, .quit:
            break
        }
    }

    /// Presses the shown button whose title matches, without case; a unique start of a title is
    /// enough, so `tap send new code` finds "Send New Code in 42 s".
    private func tap(_ title: String) async throws(SimulatorInputError) {
        let buttons = card.allButtons
        let wanted = Self.normalized(title)
        let exact = buttons.filter { Self.normalized($0.title) == wanted }
        let matches = exact.isEmpty ? buttons.filter { Self.normalized($0.title).hasPrefix(wanted) } : exact
        guard matches.count == 1, let button = matches.first else {
            guard !buttons.isEmpty else { throw SimulatorInputError("there is no button on this screen") }
            let names = buttons.map { "\"\($0.title)\"" }.joined(separator: ", ")
            let problem = matches.isEmpty ? "no button \"\(title)\" here" : "\"\(title)\" matches more than one button"
            throw SimulatorInputError("\(problem); the buttons are \(names)")
        }
        guard button.isEnabled else { throw SimulatorInputError("\"\(button.title)\" can't be tapped yet") }
        switch button.target {
        case .gate(let action): await flow.perform(action)
        case .signIn(let role): await flow.perform(role)
        case .signOut: await flow.signOut()
        case .accountDeletion(let role): await flow.perform(role)
        }
    }

    /// Types into the shown field; with `submit`, presses Return, which sends the code or verifies it.
    private func enter(_ text: String, submit: Bool, asCommand command: String?) async throws(SimulatorInputError) {
        guard let field = card.field else {
            guard let command else {
                throw SimulatorInputError("unknown command \"\(text.prefix(40))\"; type help for the list")
            }
            throw SimulatorInputError("\(command): there is no field on this screen")
        }
        // A bare line is the field's input only when it could be: a mistyped command ("relauch")
        // must not be sent as an address or spend one of the code's attempts.
        if command == nil {
            let fits = switch field.kind {
            case .email: text.contains("@")
            case .code: text.contains(where: \.isNumber)
            }
            guard fits else { throw SimulatorInputError("unknown command \"\(text.prefix(40))\"; type help for the list") }
        }
        switch field.kind {
        case .email:
            flow.updateEmail(text)
            if submit { await flow.sendCode() }
        case .code:
            // A flow set to verify complete codes by itself starts that here; wait for it.
            await flow.updateCode(text)?.value
            if submit { await flow.verify() }
        }
    }

    private func requireForeground() throws(SimulatorInputError) {
        guard !isInBackground else { throw SimulatorInputError("the app is in the background; type foreground first") }
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
