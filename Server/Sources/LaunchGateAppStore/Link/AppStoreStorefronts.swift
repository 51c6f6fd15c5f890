import Foundation
import LaunchGateStorage

/// The rules for storefront codes, shared by the CLI, the admin API and the console.
public enum AppStoreStorefronts {
    /// Parses a comma-separated or listed set of storefront codes: two ASCII letters each
    /// (ISO 3166-1 alpha-2, as the lookup's `country` takes), lowercased, sorted, without repeats.
    /// - Throws: ``AppStoreLinkError`` `invalid-storefront` or `too-many-storefronts`.
    public static func parse(_ codes: [String]) throws -> [String] {
        var result = Set<String>()
        for raw in codes.flatMap({ $0.split(separator: ",") }) {
            let code = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard code.count == 2, code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                throw AppStoreLinkError.invalidStorefront(String(raw))
            }
            result.insert(code)
        }
        guard !result.isEmpty else { throw AppStoreLinkError.noStorefronts }
        guard result.count <= AppStoreLink.maximumStorefronts else { throw AppStoreLinkError.tooManyStorefronts(result.count) }
        return result.sorted()
    }
}
