import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// swift-mustache reads views through Mirror and renders a name it can't find, or a partial it
/// doesn't know, as nothing; the compiler can't see inside a template. The start-up check walks
/// every template with an example of its view instead.
@Suite("Console templates are checked against their views at start-up")
struct ConsoleTemplateCheckTests {
    /// A made-up page view: a list of rows whose optional `error` shadows the page's own.
    private struct Page: ConsoleView {
        struct Row: ConsoleView {
            let name: String
            let error: String?
        }

        let error: String?
        let rows: [Row]
        let count: Int
    }

    /// The problems of one template, rendered as `mail` with ``Page``.
    private func problems(_ template: String, partials: [ConsoleTemplate: String] = [:]) -> [String] {
        var sources = partials
        sources[.mail] = template
        return ConsoleTemplateCheck(sources: sources) { $0 == .mail ? Page.self : nil }.problems()
    }

    /// The bundled templates, as the server reads them.
    private func bundled() throws -> (folder: URL, sources: [ConsoleTemplate: String]) {
        let bundle = try #require(ServerResources.bundle)
        let folder = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Console")
        var sources: [ConsoleTemplate: String] = [:]
        for template in ConsoleTemplate.allCases {
            sources[template] = try String(contentsOf: folder.appendingPathComponent("Templates/\(template.rawValue).mustache"), encoding: .utf8)
        }
        return (folder, sources)
    }

    // MARK: Tests

    @Test("every shipped template names only what its view has, and every partial is included by a page")
    func shippedTemplates() throws {
        #expect(ConsoleTemplateCheck(sources: try bundled().sources).problems() == [])
    }

    @Test("a name no value on the stack has is reported with its template, line and the types it looked in")
    func unknownName() {
        let found = problems("{{#view}}\n{{#rows}}<td>{{nmae}}</td>{{/rows}}\n{{/view}}")
        #expect(found == ["mail.mustache line 2, {{nmae}}: none of Row, Page, ConsolePage<Page> has nmae"])
        #expect(problems("{{#view}}{{#rows}}<td>{{name}} {{count}} {{layout.title}}</td>{{/rows}}{{/view}}") == [],
                "a row reaches the page's and the layout's names, as Mustache does")
    }

    @Test("a later part of a dotted name must be on the value before it")
    func dottedName() {
        #expect(problems("<title>{{layout.titel}}</title>") == ["mail.mustache line 1, {{layout.titel}}: ConsoleLayout has no titel"])
        #expect(problems("{{#layout.session}}{{name}} {{scope}}{{/layout.session}}") == [])
    }

    @Test("an optional that a nil value would let climb to an outer value of the same name is refused; .name is allowed")
    func climbingOptional() {
        let found = problems("{{#view}}{{#rows}}{{#error}}<p>{{.}}</p>{{/error}}{{/rows}}{{/view}}")
        #expect(found.count == 1 && found[0].contains("error is optional on Row, so when it is nil Mustache shows Page's error instead; write .error"), "\(found)")
        #expect(problems("{{#view}}{{#rows}}{{#.error}}<p>{{.}}</p>{{/.error}}{{/rows}}{{/view}}") == [])
        #expect(problems("{{#view}}{{#error}}<p>{{.}}</p>{{/error}}{{/view}}") == [], "nothing further out has an error to show")
        #expect(problems("{{#view}}{{#rows}}{{.nmae}}{{/rows}}{{/view}}") == ["mail.mustache line 1, {{.nmae}}: Row has no nmae"])
    }

    @Test("a partial or parent that is no template is reported, and a partial's names are checked where it is included")
    func partials() {
        #expect(problems("{{#view}}{{> diffs}}{{/view}}") == ["mail.mustache line 1, {{> diffs}}: there is no template diffs.mustache"])
        let found = problems("{{#view}}{{#rows}}{{> diff}}{{/rows}}{{/view}}", partials: [.diff: "{{name}} {{lines}}"])
        #expect(found == ["diff.mustache line 1, {{lines}}: none of Row, Page, ConsolePage<Page> has lines"])
        #expect(problems("{{#view}}{{count}}{{/view}}", partials: [.chart: "{{bars}}"]) == [
            "chart.mustache is included by no page, so nothing checks its names",
        ])
    }

    @Test("unescaped output, changed delimiters and transforms other than empty() are refused")
    func unsafeTags() {
        let found = problems("{{#view}}{{{count}}} {{&count}} {{=<% %>=}} {{#first(rows)}}{{/first(rows)}} {{#empty(rows)}}none{{/empty(rows)}}{{/view}}")
        #expect(found.filter { $0.contains("only {{name}} may be used") }.count == 3, "\(found)")
        #expect(found.contains { $0.contains("no transform but empty(), not first()") }, "\(found)")
        #expect(found.count == 4, "\(found)")
    }

    @Test("a copied resource folder with a misspelt name refuses to start the console, and the warning says the folder is not this binary's")
    func startUp() throws {
        let source = try bundled().folder
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = copy.appendingPathComponent("Templates/mail.mustache")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "{{count}}", with: "{{cuont}}").write(to: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: ConsoleResourcesError.self) { try ConsoleRenderer(folder: copy) }
        #expect(error.detail.contains("mail.mustache line 6, {{cuont}}: none of Count, MailView, ConsolePage<MailView> has cuont"), "\(error.detail)")
        #expect(error.warning.hasSuffix("the resource folder does not belong to this binary: copy the LaunchGateServer_LaunchGateServer.resources built with it"))
    }

    @Test("an example of a view fills every optional and gives every list one element")
    func example() throws {
        let page = try ConsoleViewExample.make(Page.self)
        #expect(page.error == "x" && page.rows.count == 1 && page.rows[0].error == "x" && page.count == 1)
        let diff = try ConsoleViewExample.make(PolicyDiff.Shown.self)
        #expect(diff.lines.first?.change == .same, "an enum gets its first case")
    }
}
