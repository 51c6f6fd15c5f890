import Foundation
import LaunchGate
import LaunchGateStorage

/// The rules for storefront codes, shared by the CLI, the admin API and the console.
public enum AppStoreStorefronts {
    /// Parses a comma-separated or listed set of storefront codes: the App Store's storefronts'
    /// ISO 3166-1 alpha-2 codes (as the lookup's `country` takes), lowercased, in the order given,
    /// without repeats. Held to the same list the policy's `storefronts` keys are, so a link can't name a
    /// code (`uk`) whose every publish the policy's validation would refuse (review s13, G10).
    /// - Throws: ``AppStoreLinkError`` `invalid-storefront` or `too-many-storefronts`.
    public static func parse(_ codes: [String]) throws -> [String] {
        // In the operator's order, once each: the first storefront that serves the newest version
        // gives the notes and store URL in its language (attack s14, 3; review s14b, L1).
        var result: [String] = []
        for raw in codes.flatMap({ $0.split(separator: ",") }) {
            let code = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard Storefront.isPolicyKey(code) else {
                throw AppStoreLinkError.invalidStorefront(String(raw))
            }
            if !result.contains(code) { result.append(code) }
        }
        guard !result.isEmpty else { throw AppStoreLinkError.noStorefronts }
        guard result.count <= AppStoreLink.maximumStorefronts else { throw AppStoreLinkError.tooManyStorefronts(result.count) }
        return result
    }
}
