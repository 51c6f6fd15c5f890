import Foundation
import HTTPTypes
import Hummingbird

/// The console's stylesheet and script, compiled in and served from `/console/assets`, so the
/// Content-Security-Policy can stay `default-src 'self'` with nothing inline.
enum ConsoleAssets {
    /// The response for an asset's name.
    /// - Throws: `HTTPError(.notFound)` for any other name.
    static func response(for name: String) throws -> Response {
        let (text, type): (String, String)
        switch name {
        case "console.css": (text, type) = (stylesheet, "text/css; charset=utf-8")
        case "console.js": (text, type) = (script, "text/javascript; charset=utf-8")
        default: throw HTTPError(.notFound, message: "no such console asset")
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Swaps the previews while the editor is typed in: posts the form (with its CSRF token) to
    /// the same-origin preview endpoint at most every 400 ms and replaces the preview pane's HTML,
    /// which the server rendered and escaped. Without it, the Preview button does the same.
    static let script = """
        "use strict";
        (function () {
          var form = document.getElementById("editor");
          if (!form || !window.fetch) { return; }
          var pane = document.getElementById("preview");
          var url = form.getAttribute("data-preview");
          var timer = null;
          var sequence = 0;
          function refresh() {
            var mine = ++sequence;
            var body = new URLSearchParams(new FormData(form));
            form.setAttribute("aria-busy", "true");
            fetch(url, { method: "POST", body: body, credentials: "same-origin", headers: { "Content-Type": "application/x-www-form-urlencoded" } })
              .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
              .then(function (html) { if (mine === sequence) { pane.innerHTML = html; pane.setAttribute("data-updated", String(mine)); } })
              .catch(function () { /* the Preview button still works */ })
              .then(function () { if (mine === sequence) { form.removeAttribute("aria-busy"); } });
          }
          function schedule(event) {
            if (event.target && event.target.id === "confirm") { return; }
            clearTimeout(timer);
            timer = setTimeout(refresh, 400);
          }
          form.addEventListener("input", schedule);
          form.addEventListener("change", schedule);
        })();
        """
}
