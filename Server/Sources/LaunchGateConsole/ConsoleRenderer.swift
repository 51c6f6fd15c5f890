import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders the console's pages from the Mustache templates in `Resources/Console/Templates`, each
/// fed a typed view in a ``ConsolePage``, and holds the hashed static files (``ConsoleAssets``).
///
/// Every value goes through `{{ }}`, which escapes HTML; no template uses `{{{ }}}`. Pages extend
/// `layout` through Mustache's template inheritance. The escaping is ``ScalarHTMLEscaping``, not
/// swift-mustache's own: that one compares whole `Character`s, so a `"` or `<` followed by a
/// combining mark (one grapheme) went out raw and could end an attribute or open a tag. Each
/// template is registered behind a `CONTENT_TYPE` pragma naming it; partials start over with the
/// library's default, so every template, partials included, gets the pragma here, not in its file.
package struct ConsoleRenderer: Sendable {
    /// The content type's name in the pragma.
    package static let contentType = "LAUNCHGATE_SCALAR_HTML"

    private let library: MustacheLibrary
    let assets: ConsoleAssets

    /// Reads every ``ConsoleTemplate`` from `folder/Templates` and the static files from `folder/Static`,
    /// and checks every template's names against its view (``ConsoleTemplateCheck``).
    /// - Throws: ``ConsoleResourcesError`` for a file that can't be read, a template that doesn't
    ///   parse, or one that names what its view doesn't have.
    package init(folder: URL) throws(ConsoleResourcesError) {
        // Registered before any template is parsed: the parser looks the pragma's name up.
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: Self.contentType)
        var library = MustacheLibrary()
        var sources: [ConsoleTemplate: String] = [:]
        for template in ConsoleTemplate.allCases {
            let file = folder.appendingPathComponent("Templates/\(template.rawValue).mustache")
            var source: String
            do { source = try String(contentsOf: file, encoding: .utf8) } catch { throw .unreadable(file.path, error) }
            // A file's final newline is the editor's, not the page's: a partial would add a blank line wherever it is used.
            if source.hasSuffix("\n") { source.removeLast() }
            // On a line of its own, so the pragma leaves no blank line behind.
            do { try library.register("{{% CONTENT_TYPE: \(Self.contentType) }}\n" + source, named: template.rawValue) } catch {
                throw .doesNotParse(file.path, error)
            }
            sources[template] = source
        }
        let problems = ConsoleTemplateCheck(sources: sources).problems()
        guard problems.isEmpty else { throw .mismatch(problems) }
        self.library = library
        self.assets = try ConsoleAssets(folder: folder.appendingPathComponent("Static"))
    }

    /// The HTML of one template for a view.
    package func render<View: ConsoleView>(_ template: ConsoleTemplate, _ layout: ConsoleLayout, _ view: View) -> String {
        // The start-up check read the template with this view's example; another view would be unchecked.
        assert(template.view.map(ObjectIdentifier.init) == ObjectIdentifier(View.self), "\(template) is checked against another view than \(View.self)")
        // Every template was parsed at start-up, so there is always one by this name.
        return library.render(ConsolePage(layout: layout, assets: assets.links, view: view), withTemplate: template.rawValue) ?? ""
    }

    /// A page as a response.
    package func page<View: ConsoleView>(_ template: ConsoleTemplate, _ layout: ConsoleLayout, _ view: View,
                                          status: HTTPResponse.Status = .ok) -> Response {
        Self.html(render(template, layout, view), status: status)
    }

    /// HTML as a response, never cached: pages hold CSRF tokens and unpublished drafts.
    package static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A `303 See Other` to a console path, the answer to every successful form post.
    static func redirect(_ location: String, cookies: [String] = []) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }
}
