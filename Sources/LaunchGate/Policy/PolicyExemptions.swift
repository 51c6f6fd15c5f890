import Crypto
import Foundation

/// Installs and devices that always see "up to date", listed in the signed policy itself.
///
/// Each entry is the lowercase hex SHA-256 of the UTF-8 install ID or device ID, so the policy,
/// which anyone can download, does not publish the IDs of testers or App Review devices.
///
/// ```swift
/// let exemptions = PolicyExemptions(installs: [PolicyExemptions.hash(installID)])
/// exemptions.contains(installID: installID, deviceID: nil)   // true
/// ```
///
/// On the wire: `"exemptions": {"installs": ["<64 hex>"], "devices": ["<64 hex>"]}`.
public struct PolicyExemptions: Sendable, Hashable, Codable {
    /// Hashed install IDs.
    public var installs: Set<String>
    /// Hashed device IDs (for example `identifierForVendor`).
    public var devices: Set<String>

    /// Creates exemptions.
    /// - Parameters:
    ///   - installs: Hashes of install IDs, from ``hash(_:)``.
    ///   - devices: Hashes of device IDs, from ``hash(_:)``.
    public init(installs: Set<String> = [], devices: Set<String> = []) {
        self.installs = installs
        self.devices = devices
    }

    /// The form an ID takes in the policy: the lowercase hex SHA-256 of its UTF-8 bytes.
    /// - Parameter id: An install ID or device ID.
    /// - Returns: 64 lowercase hex characters.
    public static func hash(_ id: String) -> String {
        // Written digit by digit into one buffer: a launch with exemptions hashes the install ID at
        // every decision, and a string per byte cost more than the SHA-256 itself.
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(id.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether an install or a device is exempt.
    /// - Parameters:
    ///   - installID: The install's random ID; an empty one never matches.
    ///   - deviceID: The device's ID, if the app shares one.
    /// - Returns: `true` when either one's hash is listed.
    public func contains(installID: String, deviceID: String?) -> Bool {
        if !installs.isEmpty, !installID.isEmpty, installs.contains(Self.hash(installID)) { return true }
        if !devices.isEmpty, let deviceID, !deviceID.isEmpty, devices.contains(Self.hash(deviceID)) { return true }
        return false
    }

    /// Whether nothing is listed.
    public var isEmpty: Bool { installs.isEmpty && devices.isEmpty }

    /// Whether a text is in the form ``hash(_:)`` produces.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private enum CodingKeys: String, CodingKey { case installs, devices }

    /// Decodes the lists; duplicates collapse, and bad entries are left for ``UpdatePolicy/validate()`` to name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        installs = Set(try container.decodeIfPresent([String].self, forKey: .installs) ?? [])
        devices = Set(try container.decodeIfPresent([String].self, forKey: .devices) ?? [])
    }

    /// Encodes the lists sorted, so equal exemptions give equal bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !installs.isEmpty { try container.encode(installs.sorted(), forKey: .installs) }
        if !devices.isEmpty { try container.encode(devices.sorted(), forKey: .devices) }
    }
}
