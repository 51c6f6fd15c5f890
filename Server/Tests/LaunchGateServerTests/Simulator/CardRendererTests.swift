import LaunchGate
import Testing
@testable import LaunchGateSimulator

@Suite("Simulator cards drawn as plain text and for a terminal")
struct CardRendererTests {
    private let card = ScreenCard(
        label: "Update required", paragraphs: ["This version is no longer supported. Please update to version 2.4.1 to continue."],
        buttons: [.init(title: "Update Now", isEnabled: true, target: .gate(GateAction(title: "Update Now", role: .update)))])

    // MARK: Tests

    @Test("plain text: an ASCII frame of equal lines, wrapped words, no escape codes")
    func plain() {
        let text = CardRenderer(style: .plain, width: 40).render(card)
        let lines = text.split(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(lines.allSatisfy { $0.count == 40 })
        #expect(lines.first == "+--------------------------------------+")
        #expect(lines[1] == "| [Update required]                    |")
        #expect(lines.contains("| This version is no longer supported. |"))
        #expect(lines.contains("| ( Update Now )                       |"))
        #expect(text.hasSuffix("+\n"))
    }

    @Test("a terminal gets box drawing, and colour only when allowed")
    func terminal() {
        let colour = CardRenderer(style: .terminal(color: true), width: 40).render(card)
        #expect(colour.hasPrefix("╭") && colour.contains("│ \u{1B}[1m[Update required]\u{1B}[0m"))
        let mono = CardRenderer(style: .terminal(color: false), width: 40).render(card)
        #expect(!mono.unicodeScalars.contains { $0.value == 0x1B })
        #expect(mono.split(separator: "\n").allSatisfy { $0.count == 40 })
    }

    @Test("the banner sits under the label with its buttons on one line; a disabled button says so")
    func banner() {
        let banner = ScreenCard.Banner(title: "Update available", message: "Version 2.4.1 is available.", buttons: [
            .init(title: "Details", isEnabled: true, target: .gate(GateAction(title: "Details", role: .showDetails))),
            .init(title: "Not Now", isEnabled: true, target: .gate(GateAction(title: "Not Now", role: .dismiss))),
        ])
        let text = CardRenderer(style: .plain).render(ScreenCard(label: "App", banner: banner, buttons: [
            .init(title: "Verify Code", isEnabled: false, target: .signIn(.verify)),
        ]))
        #expect(text.contains("| Banner: Update available "))
        #expect(text.contains("|   Version 2.4.1 is available. "))
        #expect(text.contains("|   ( Details )  ( Not Now ) "))
        #expect(text.contains("| ( Verify Code ) (disabled) "))
    }

    @Test("escape sequences and control characters from a server's texts never reach the terminal")
    func controlCharacters() {
        let hostile = ScreenCard(label: "Update\u{1B}]0;owned\u{07}", paragraphs: ["line one\nline\u{1B}[2J two\u{9B}"])
        for style in [CardRenderer.Style.plain, .terminal(color: false)] {
            let text = CardRenderer(style: style).render(hostile)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
            #expect(text.contains("line one") && text.contains("two"))
        }
        #expect(CardRenderer(style: .plain).note("a\u{1B}[31mb") == "note: a\u{FFFD}[31mb\n")
    }

    @Test("bidi overrides and zero-width characters are dropped, so a line can't be flipped or two buttons made to look alike")
    func invisibleCharacters() {
        let hostile = "Up\u{202E}date\u{2066} \u{200B}Now\u{FEFF}"
        #expect(CardRenderer.clean(hostile) == "Update Now")
        #expect(CardRenderer.clean("می\u{200C}خواهید 👩\u{200D}💻") == "می\u{200C}خواهید 👩\u{200D}💻", "joiners that scripts and emoji need stay")
    }

    @Test("a label longer than the card wraps inside the frame")
    func longLabel() {
        let text = CardRenderer(style: .plain, width: 30).render(ScreenCard(label: String(repeating: "word ", count: 20)))
        #expect(text.split(separator: "\n").allSatisfy { $0.count == 30 })
    }

    @Test("a word longer than a line is cut; wrapping keeps every word")
    func wrapping() {
        #expect(CardRenderer.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(CardRenderer.wrap("one two three", width: 7) == ["one two", "three"])
        #expect(CardRenderer.wrap("", width: 7) == [""])
    }
}
