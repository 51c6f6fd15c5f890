import Foundation
import NIOSSL
import PostgresNIO

/// How the connection to PostgreSQL uses TLS: the URL's `sslmode`, with libpq's names and meanings.
///
/// | `sslmode` | encrypted | certificate checked |
/// | --- | --- | --- |
/// | `disable` | never | — |
/// | `prefer` (the default) | when the server offers TLS | no |
/// | `require` | always, or no connection | no |
/// | `verify-ca` | always | chain of trust |
/// | `verify-full` | always | chain of trust and host name |
///
/// `sslrootcert=/path/ca.pem` names the certificate authority to trust for the `verify-` modes;
/// without it the system's roots are used.
public enum PostgresTLSMode: String, Sendable, CaseIterable {
    /// Plain TCP, even when the server offers TLS.
    case disable
    /// TLS when the server offers it, without checking its certificate; plain otherwise.
    case prefer
    /// TLS or no connection, without checking the certificate (protects against listening, not impersonation).
    case require
    /// TLS with a certificate signed by a trusted authority, for any host name.
    case verifyCA = "verify-ca"
    /// TLS with a trusted certificate for the host name in the URL.
    case verifyFull = "verify-full"

    /// Reads `sslmode` (or postgres-kit's `tlsmode`) from a PostgreSQL URL.
    /// - Parameter url: The URL.
    /// - Returns: The mode and `sslrootcert`, if given. Without `sslmode`: ``prefer``, as libpq.
    /// - Throws: ``StorageError`` `invalidLocation` for a value that is not one of the modes.
    package static func parse(url: String) throws -> (mode: PostgresTLSMode, rootCertificate: String?) {
        let items = URLComponents(string: url)?.queryItems ?? []
        // postgres-kit also reads `ssl=` and `tls=`; their meaning varies between drivers, so
        // rather than guess (and perhaps connect in the clear), ask for the unambiguous name.
        if let alias = items.first(where: { ["ssl", "tls"].contains($0.name.lowercased()) }) {
            throw StorageError.invalidLocation("\(alias.name)=\(alias.value?.prefix(40) ?? "") is not read; say sslmode=require (or verify-full, with sslrootcert= for a private CA) instead")
        }
        let rootCertificate = items.last { $0.name.lowercased() == "sslrootcert" }?.value
        guard let value = items.last(where: { ["sslmode", "tlsmode"].contains($0.name.lowercased()) })?.value else {
            return (.prefer, rootCertificate)
        }
        guard let mode = PostgresTLSMode(rawValue: value.lowercased()) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            throw StorageError.invalidLocation("sslmode=\(value.prefix(40)) is not supported; use one of \(known)")
        }
        return (mode, rootCertificate)
    }

    /// The certificate check this mode asks for, or `nil` for no TLS.
    var certificateVerification: CertificateVerification? {
        switch self {
        case .disable: nil
        case .prefer, .require: CertificateVerification.none
        case .verifyCA: .noHostnameVerification
        case .verifyFull: .fullVerification
        }
    }

    /// The TLS settings for this mode.
    /// - Parameter rootCertificate: A PEM file of authorities to trust instead of the system's.
    /// - Returns: `nil` for ``disable``.
    func tlsConfiguration(rootCertificate: String?) -> TLSConfiguration? {
        guard let verification = certificateVerification else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verification
        if let rootCertificate { configuration.trustRoots = .file(rootCertificate) }
        return configuration
    }

    /// The pool's TLS setting for this mode.
    func clientTLS(rootCertificate: String?) -> PostgresClient.Configuration.TLS {
        guard let configuration = tlsConfiguration(rootCertificate: rootCertificate) else { return .disable }
        return self == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// The single connection's TLS setting for this mode, used to probe the server at start-up.
    /// - Throws: When the root certificate file can't be loaded.
    func connectionTLS(rootCertificate: String?) throws -> PostgresConnection.Configuration.TLS {
        guard let configuration = tlsConfiguration(rootCertificate: rootCertificate) else { return .disable }
        let context = try NIOSSLContext(configuration: configuration)
        return self == .prefer ? .prefer(context) : .require(context)
    }
}
