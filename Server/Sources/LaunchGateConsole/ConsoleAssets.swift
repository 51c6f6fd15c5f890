import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The console's stylesheet and script, read from `Resources/Console/Static` and served under
/// names that carry a hash of their content (`console.3f2a….css`), so a browser may keep each
/// for a year: a changed file is a new name, which the next page links to. Served from
/// `/console/assets`, so the Content-Security-Policy can stay `default-src 'self'` with nothing inline.
struct ConsoleAssets: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        package let body: ByteBuffer
        package let contentType: String
    }

    /// The paths pages link to, for the layout.
    struct Links: ConsoleView {
        package let stylesheet: String
        package let script: String
    }

    /// Hex digits of the content's SHA-256 in a served name: 64 bits, enough to tell versions apart.
    static let hashLength = 16
    /// Where the served names live.
    package static let path = "/console/assets/"
    /// A year, and never revalidated: the content can't change under its name.
    package static let cacheControl = "public, max-age=31536000, immutable"

    /// Assets by served name.
    let assets: [String: Asset]
    let links: Links

    /// Reads `console.css` (with ``ScreenPreviews/paletteStylesheet`` after it) and `console.js` from a folder.
    /// - Throws: ``ConsoleResourcesError`` naming a file that can't be read.
    init(folder: URL) throws(ConsoleResourcesError) {
        var assets: [String: Asset] = [:]
        func load(_ name: String, _ type: String, appending generated: String = "") throws(ConsoleResourcesError) -> String {
            let file = folder.appendingPathComponent(name)
            var data: Data
            do { data = try Data(contentsOf: file) } catch { throw .unreadable(file.path, error) }
            data.append(Data(generated.utf8))
            let hashed = Self.hashedName(name, content: data)
            assets[hashed] = Asset(body: ByteBuffer(bytes: data), contentType: type)
            return Self.path + hashed
        }
        // The phone previews' colours come from the SDK's palette, not from a copy in the file.
        links = Links(stylesheet: try load("console.css", "text/css; charset=utf-8", appending: ScreenPreviews.paletteStylesheet),
                      script: try load("console.js", "text/javascript; charset=utf-8"))
        self.assets = assets
    }

    /// `console.css` as `console.<hash>.css`.
    static func hashedName(_ name: String, content: Data) -> String {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        return name[..<dot] + "." + SHA256.hash(data: content).lowercaseHex.prefix(hashLength) + name[dot...]
    }

    /// The response for a served name.
    /// - Throws: `HTTPError(.notFound)` for any other name, an old version's included.
    package func response(for name: String) throws -> Response {
        guard let asset = assets[name] else { throw HTTPError(.notFound, message: "There is no console asset by this name.") }
        return Response(status: .ok, headers: [.contentType: asset.contentType, .cacheControl: Self.cacheControl],
                        body: .init(byteBuffer: asset.body))
    }
}
