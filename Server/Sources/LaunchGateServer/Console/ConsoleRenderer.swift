import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders the console's Mustache templates (compiled in, so the release binary needs no
/// resource folder). Every value goes through `{{ }}`, which escapes HTML; no template uses
/// `{{{ }}}`. Pages extend `layout` through Mustache's template inheritance.
///
/// The escaping is ``ScalarHTMLEscaping``, not swift-mustache's own: that one compares whole
/// `Character`s, so a `"` or `<` followed by a combining mark (one grapheme) went out raw and
/// could end an attribute or open a tag. Each template is registered behind a `CONTENT_TYPE`
/// pragma naming it; partials start over with the library's default, so every template,
/// partials included, carries the pragma.
enum ConsoleRenderer {
    /// The content type's name in the pragma.
    static let contentType = "LAUNCHGATE_SCALAR_HTML"

    static let library: MustacheLibrary = {
        // Registered before any template is parsed: the parser looks the pragma's name up.
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: contentType)
        var library = MustacheLibrary()
        for (name, source) in ConsoleTemplates.all {
            // The templates are constants; a parse error is a programming error the tests catch.
            do { try library.register("{{% CONTENT_TYPE: \(contentType) }}" + source, named: name) } catch {
                preconditionFailure("console template \(name): \(error)")
            }
        }
        return library
    }()

    /// The HTML of one template.
    static func render(_ template: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: template) ?? ""
    }

    /// A page as a response.
    static func page(_ template: String, _ values: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        html(render(template, values), status: status)
    }

    /// HTML as a response, never cached: pages hold CSRF tokens and unpublished drafts.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
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
