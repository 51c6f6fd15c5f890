import Foundation

/// The parts of App Store Connect's JSON:API answers the client reads. Decoding is strict: a
/// missing field, a wrong resource type or an unknown state is malformed, never a guess.
enum AppStoreConnectDocuments {
    /// `{"data": [ … ]}`.
    struct List<Attributes: Decodable & Sendable>: Decodable, Sendable {
        let data: [Resource<Attributes>]
    }

    /// `{"data": { … } | null}`.
    struct Single<Attributes: Decodable & Sendable>: Decodable, Sendable {
        let data: Resource<Attributes>?
    }

    /// One resource.
    struct Resource<Attributes: Decodable & Sendable>: Decodable, Sendable {
        let type: String
        let id: String
        let attributes: Attributes
    }

    /// `apps` attributes.
    struct App: Decodable, Sendable {
        let bundleId: String
    }

    /// `appStoreVersions` attributes.
    struct Version: Decodable, Sendable {
        let versionString: String
    }

    /// `appStoreVersionPhasedReleases` attributes.
    struct PhasedRelease: Decodable, Sendable {
        let phasedReleaseState: ApplePhasedRelease.State
        let currentDayNumber: Int?
    }
}
