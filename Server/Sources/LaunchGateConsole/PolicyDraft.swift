import Foundation
import LaunchGate

/// The policy editor's form, both ways: the fields for a policy, and the policy for submitted
/// fields, with each problem next to the field it is about. Parsing and validation are the core's
/// (``AppVersion``, ``BuildNumber``, ``UpdatePolicy/validate()``); this only maps names.
struct PolicyDraft: Sendable {
    /// One input of a platform's fieldset.
    package struct Field: ConsoleView {
        package let name: String
        package let label: String
        package let value: String
        package let hint: String
        package let multiline: Bool
        package let checkbox: Bool
        package let error: String?
        /// `<input id>`, also what `aria-describedby` points at.
        package let id: String
        /// Stored, not computed: Mustache reads stored properties only.
        package let errorID: String
        package let checked: Bool

        package init(name: String, label: String, value: String, hint: String, multiline: Bool, checkbox: Bool, error: String?, id: String) {
            (self.name, self.label, self.value, self.hint, self.multiline, self.checkbox, self.error, self.id) =
                (name, label, value, hint, multiline, checkbox, error, id)
            errorID = id + "-error"
            checked = checkbox && value == "on"
        }
    }

    /// One platform's fieldset.
    struct Fieldset: ConsoleView {
        package let platform: String
        package let name: String
        package let fields: [Field]
        /// Problems that belong to no single field (texts, intervals, the platform as a whole).
        package let errors: [String]
    }

    /// Blocked versions read from one field at the most.
    static let maximumBlocked = 200

    /// Field keys with their label, hint and where in a platform's policy validation reports them.
    private static let layout: [(key: String, label: String, hint: String, path: String)] = [
        ("latestVersion", "Latest version", "The newest release in the store, such as 2.4.1.", "latest"),
        ("latestBuild", "Latest build", "Optional build number.", "latest.build"),
        ("notes", "Release notes", "Shown in the details dialog and on the update screens; not on end of life or device unsupported.", "latest.notes"),
        ("minimumOS", "Minimum OS of the latest release", "Devices below it see “device unsupported”.", "latest.minimumOS"),
        ("recommended", "Recommended version", "Below it, a full screen the user may skip.", "recommended"),
        ("required", "Required version", "Below it, a screen the user can't leave.", "required"),
        ("requiredBuild", "Required build", "Optional build number for the required gate.", "required.build"),
        ("rollout", "Rollout percentage", "Share of installs offered the optional update (banner and recommended prompt), 0 to 100, "
            + "or apple-phased; empty offers it to all. Required updates are never phased.", "rollout"),
        ("blocked", "Blocked versions", "Comma-separated; these must update.", "blocked"),
        ("updateURL", "Update URL", "The store page (https or itms-apps), or TestFlight (itms-beta); required with a required version.", "updateURL"),
        ("endOfLife", "End of life", "Every version is told the app is discontinued.", "endOfLife"),
        ("endOfLifeMessage", "End-of-life message", "Optional; the SDK's default is used when empty.", "endOfLife.message"),
    ]

    /// The policy the fields describe, when every field parsed; the fieldsets with their problems.
    package let policy: UpdatePolicy?
    let fieldsets: [Fieldset]
    /// Problems with the document as a whole.
    let errors: [String]
    /// The whole document as the JSON editor shows it (``PolicyDraft/documentText(of:)``).
    package let document: String
    /// Whether the draft was read from the JSON editor instead of the fields.
    let usesDocument: Bool
    /// The JSON editor's problems: why it doesn't parse, or the core's issues with their paths.
    let documentErrors: [String]

    /// The form for a stored policy (or an empty one per platform).
    init(policy: UpdatePolicy?) {
        // In the SDK's order of platforms (iOS first), the same on every load: never a dictionary's.
        let named = policy?.platformsInOrder.map(\.platform) ?? []
        let platforms: [Platform] = named.isEmpty ? [.ios, .android] : named
        var values: [String: String] = [:]
        for platform in platforms {
            for (key, value) in Self.values(of: policy?.policy(for: platform)) { values["\(platform.rawValue).\(key)"] = value }
        }
        self.policy = policy
        self.fieldsets = Self.fieldsets(platforms: platforms, values: values, issues: [:])
        self.errors = []
        self.document = Self.documentText(of: policy)
        self.usesDocument = false
        self.documentErrors = []
    }

    /// The draft a form describes: its JSON editor's document when "use this JSON" is ticked
    /// (the fields then show that document), else its fields over the current policy.
    /// - Parameter now: The release date a changed latest version gets (``Release/setVersion(_:at:)``).
    init(form: ConsoleForm, base: UpdatePolicy?, app: String, now: Date) {
        guard form["useDocument"] == "on" else {
            let fields = Self.fromFields(form, base: base, app: app, now: now)
            (policy, fieldsets, errors) = (fields.policy, fields.fieldsets, fields.errors)
            // The JSON follows the fields while they parse; when they don't, it keeps what was there.
            document = fields.policy.map(Self.documentText(of:)) ?? form.raw("document") ?? Self.documentText(of: base)
            (usesDocument, documentErrors) = (false, [])
            return
        }
        let text = form.raw("document") ?? ""
        let parsed = Self.parse(document: text)
        policy = parsed.policy
        if let shown = parsed.decoded {
            let platforms = shown.platformsInOrder.map(\.platform)
            var values: [String: String] = [:]
            for platform in platforms {
                for (key, value) in Self.values(of: shown.policy(for: platform)) { values["\(platform.rawValue).\(key)"] = value }
            }
            fieldsets = Self.fieldsets(platforms: platforms, values: values, issues: [:])
        } else {
            fieldsets = Self.fromFields(form, base: base, app: app, now: now).fieldsets
        }
        (errors, document, usesDocument, documentErrors) = ([], text, true, parsed.errors)
    }

    /// The draft a form's fields describe, over the current policy (whose other members, such as
    /// texts and exemptions, it keeps), validated by the core.
    private static func fromFields(_ form: ConsoleForm, base: UpdatePolicy?, app: String, now: Date)
        -> (policy: UpdatePolicy?, fieldsets: [Fieldset], errors: [String]) {
        let names = Set(form.all("platform").compactMap(Platform.init(rawValue:)))
        let platforms = Platform.allCases.filter(names.contains)
        var values: [String: String] = [:]
        for platform in platforms {
            for (key, _, _, _) in Self.layout { values["\(platform.rawValue).\(key)"] = form.raw("\(platform.rawValue).\(key)") ?? "" }
        }
        var issues: [String: [String]] = [:]
        var draft = base ?? UpdatePolicy(app: app, platforms: [:])
        draft.issuedAt = nil
        draft.platforms = [:]
        for platform in platforms {
            func value(_ key: String) -> String? {
                let text = values["\(platform.rawValue).\(key)"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                return text.isEmpty ? nil : text
            }
            func parse<T>(_ key: String, _ make: (String) throws -> T) -> T? {
                guard let text = value(key) else { return nil }
                do { return try make(text) } catch {
                    issues["\(platform.rawValue).\(key)", default: []].append("\(error)")
                    return nil
                }
            }
            var entry = base?.policy(for: platform) ?? PlatformPolicy()
            let latestVersion = parse("latestVersion", AppVersion.init(parsing:))
            let latestBuild = parse("latestBuild", BuildNumber.init(parsing:))
            let minimumOS = parse("minimumOS", AppVersion.init(parsing:))
            let notes = values["\(platform.rawValue).notes"].flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            if latestVersion != nil || latestBuild != nil || minimumOS != nil || notes != nil {
                var latest = entry.latest ?? Release()
                latest.setVersion(latestVersion, at: now)
                (latest.build, latest.minimumOS, latest.notes) = (latestBuild, minimumOS, notes)
                entry.latest = latest
            } else {
                entry.latest = nil
            }
            let recommended = parse("recommended", AppVersion.init(parsing:))
            entry.recommended = recommended.map { VersionRequirement(version: $0) }
            let required = parse("required", AppVersion.init(parsing:))
            let requiredBuild = parse("requiredBuild", BuildNumber.init(parsing:))
            entry.required = required == nil && requiredBuild == nil ? nil : VersionRequirement(version: required, build: requiredBuild)
            let blocked = (value("blocked") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            entry.blocked.versions = blocked.prefix(Self.maximumBlocked).compactMap { text in
                parse("blocked") { _ in try AppVersion(parsing: text) }
            }
            entry.updateURL = nil
            if let text = value("updateURL") {
                if let url = URL(string: text), url.scheme != nil { entry.updateURL = url } else {
                    issues["\(platform.rawValue).updateURL", default: []].append("\"\(text)\" is not a URL")
                }
            }
            entry.endOfLife = value("endOfLife") == "on" ? EndOfLife(message: value("endOfLifeMessage")) : nil
            // The range is the core's rule (validate() below); only the number's form is read here.
            entry.rollout = nil
            if let text = value("rollout") {
                let number = text.hasSuffix("%") ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text
                if text == "apple-phased" {
                    entry.rollout = .applePhased
                } else if number.range(of: #"^[0-9]{1,3}(\.[0-9]{1,4})?$"#, options: .regularExpression) != nil, let share = Double(number) {
                    // Plain decimals only: Double would also read 0x10, 1e-320 or nan.
                    entry.rollout = .percentage(share)
                } else {
                    issues["\(platform.rawValue).rollout", default: []]
                        .append("\"\(text.prefix(40))\" is not a percentage: give a number from 0 to 100, or apple-phased")
                }
            }
            draft.platforms[platform] = entry
        }
        var general: [String] = []
        if issues.isEmpty {
            for issue in draft.validate() {
                let parts = issue.field.split(separator: ".", maxSplits: 2).map(String.init)
                guard parts.count >= 2, parts[0] == "platforms", let platform = Platform(rawValue: parts[1]), names.contains(platform) else {
                    general.append(issue.description)
                    continue
                }
                let path = parts.count > 2 ? parts[2] : ""
                let key = Self.layout.first { $0.path == path }?.key ?? Self.layout.first { !path.isEmpty && path.hasPrefix($0.path + ".") }?.key
                issues["\(platform.rawValue).\(key ?? "")", default: []].append(key == nil && !path.isEmpty ? "\(path): \(issue.reason)" : issue.reason)
            }
        }
        return (issues.isEmpty && general.isEmpty ? draft : nil, fieldsets(platforms: platforms, values: values, issues: issues), general)
    }

    private static func values(of entry: PlatformPolicy?) -> [String: String] {
        guard let entry else { return [:] }
        return [
            "latestVersion": entry.latest?.version?.description ?? "", "latestBuild": entry.latest?.build?.description ?? "",
            "notes": entry.latest?.notes ?? "", "minimumOS": entry.latest?.minimumOS?.description ?? "",
            "recommended": entry.recommended?.version?.description ?? "",
            "required": entry.required?.version?.description ?? "", "requiredBuild": entry.required?.build?.description ?? "",
            "blocked": entry.blocked.versions.map(\.description).joined(separator: ", "),
            "updateURL": entry.updateURL?.absoluteString ?? "",
            "endOfLife": entry.endOfLife == nil ? "" : "on", "endOfLifeMessage": entry.endOfLife?.message ?? "",
            "rollout": entry.rollout.map(Self.rolloutText) ?? "",
        ]
    }

    private static func fieldsets(platforms: [Platform], values: [String: String], issues: [String: [String]]) -> [Fieldset] {
        platforms.map { platform in
            let fields = layout.map { key, label, hint, _ in
                let name = "\(platform.rawValue).\(key)"
                return Field(name: name, label: label, value: values[name] ?? "", hint: hint, multiline: key == "notes" || key == "endOfLifeMessage",
                             checkbox: key == "endOfLife", error: issues[name]?.joined(separator: "; "), id: "f-\(platform.rawValue)-\(key)")
            }
            return Fieldset(platform: platform.rawValue, name: platform.osName, fields: fields, errors: issues["\(platform.rawValue)."] ?? [])
        }
    }
}
