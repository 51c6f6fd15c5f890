/// What a console template reads: plain stored values.
///
/// swift-mustache finds a template's names through `Mirror`, by stored-property name: `Encodable`
/// plays no part in rendering (``CodingKeys`` and computed properties have no effect), so a
/// value a template shows must be stored under the name the template uses. `Decodable` is there
/// for ``ConsoleTemplateCheck``, which makes an example of every view (``ConsoleViewExample``),
/// with every optional filled and every list one element long, and checks each template's names
/// against it when the console starts.
package protocol ConsoleView: Codable, Sendable {}
