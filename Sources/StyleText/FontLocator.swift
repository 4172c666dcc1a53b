import CFontconfigShim
import StyleCore
import StyleLayout

/// Finds the installed file for a `Font` through Fontconfig.
///
/// The system font (`font.system`) is stood in for by Inter (Debian's `fonts-inter`), an open
/// font of metrics close to San Francisco's, in the weight and slant asked for. A named font is
/// found by its PostScript name (`Avenir-Heavy`), else as a family (`Inter`); when neither is
/// installed, the text is measured in Inter of the same weight, and the substitution is
/// reported (`FontSubstitution`), never silent.
struct FontLocator {
    /// The family standing in for Apple's system font.
    static let systemStandIn = "Inter"

    struct Location: Hashable {
        let path: String
        let index: Int
        /// Set when the file found is not the font asked for.
        let substitution: FontSubstitution?
    }


    /// The file for `font`; nil only when Fontconfig knows no font at all.
    func locate(_ font: Font) -> Location? {
        let weight = Int32(font.weight.openTypeWeight)
        let italic: Int32 = font.italic ? 1 : 0
        if font.name == "system" {
            guard let match = Self.match(family: Self.systemStandIn, postScriptName: nil, weight: weight, italic: italic) else { return nil }
            let isStandIn = match.family.lowercased() == Self.systemStandIn.lowercased()
            return Location(path: match.path, index: match.index, substitution: isStandIn ? nil
                : FontSubstitution(requested: "system (\(Self.systemStandIn))", standIn: match.displayName))
        }
        if let byName = Self.match(family: nil, postScriptName: font.name, weight: weight, italic: italic),
           byName.postScriptName?.lowercased() == font.name.lowercased() {
            return Location(path: byName.path, index: byName.index, substitution: nil)
        }
        if let byFamily = Self.match(family: font.name, postScriptName: nil, weight: weight, italic: italic),
           byFamily.families.contains(where: { $0.lowercased() == font.name.lowercased() }) {
            return Location(path: byFamily.path, index: byFamily.index, substitution: nil)
        }
        guard let standIn = Self.match(family: Self.systemStandIn, postScriptName: nil, weight: weight, italic: italic) else { return nil }
        return Location(path: standIn.path, index: standIn.index,
                        substitution: FontSubstitution(requested: font.name, standIn: standIn.displayName))
    }

    private struct Match {
        let path: String
        let index: Int
        let family: String
        /// Every family name the file gives (Fontconfig lists them comma-separated).
        let families: [String]
        let displayName: String
        let postScriptName: String?
    }

    private static func match(family: String?, postScriptName: String?, weight: Int32, italic: Int32) -> Match? {
        var out = srfc_Match()
        let status = family.withOptionalCString { f in
            postScriptName.withOptionalCString { p in srfc_match(f, p, weight, italic, &out) }
        }
        guard status == 0 else { return nil }
        defer { srfc_match_free(&out) }
        let families = out.family.map { String(cString: $0) } ?? ""
        let first = families.split(separator: ",").first.map(String.init) ?? families
        let styles = out.style.map { String(cString: $0) } ?? ""
        let style = styles.split(separator: ",").first.map(String.init) ?? styles
        return Match(path: String(cString: out.path), index: Int(out.index), family: first,
                     families: families.split(separator: ",").map(String.init),
                     displayName: style.isEmpty || style == "Regular" ? first : "\(first) \(style)",
                     postScriptName: out.postscript_name.map { String(cString: $0) })
    }
}

extension Optional where Wrapped == String {
    func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let s): s.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
