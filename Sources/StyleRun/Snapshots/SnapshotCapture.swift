import Foundation
import StyleCore
import StyleLua

/// What evaluating one script gives `stylerun snapshot`: a screen styled in each of its themes,
/// a script that is not a screen, or errors.
public enum ScriptCapture: Sendable {
    /// The script returned no view (a module, a stylesheet): it has no snapshot.
    case notAScreen(returned: String)
    /// One capture per theme and trait set, themes sorted by name, each in the matrix's order
    /// of trait sets; a nil theme when it declares none.
    case screen([ThemeCapture])
    /// Evaluating or styling failed.
    case failed([Diagnostic])
}

/// A screen styled in one theme for one set of traits: its snapshot, and its HTML page when
/// screenshots are wanted.
public struct ThemeCapture: Sendable {
    public var theme: String?
    public var traits: Traits
    public var snapshot: StyleSnapshot
    /// `HTMLRenderer`'s page for the screen, when asked for.
    public var html: String?

    public init(theme: String?, traits: Traits = .default, snapshot: StyleSnapshot, html: String?) {
        self.theme = theme
        self.traits = traits
        self.snapshot = snapshot
        self.html = html
    }
}

/// Evaluates scripts for snapshots: in this process (`InProcessSnapshotEvaluator`) or in child
/// processes (`IsolatedSnapshotEvaluator`, for untrusted scripts).
public protocol SnapshotEvaluator: Sendable {
    /// One capture per file, in order, each screen styled for every trait set of its matrix
    /// (`traits[i]` for `files[i]`) after one evaluation per theme.
    func capture(files: [String], html: Bool, traits: [[Traits]]) -> [ScriptCapture]
}

extension SnapshotEvaluator {
    /// One capture per file, for the default traits.
    public func capture(files: [String], html: Bool) -> [ScriptCapture] {
        capture(files: files, html: html, traits: files.map { _ in [.default] })
    }
}

/// Evaluates each script in this process, once per theme.
///
///     let captures = InProcessSnapshotEvaluator().capture(files: ["screens/home.lua"], html: false)
///
/// A script is evaluated with its default theme first; when it returns a view, it is a screen,
/// and it is evaluated again for each other theme it declares (at most `maxThemes`). Each
/// theme's evaluation styles its tree once per trait set: `when` keeps every trait's parts, so
/// no trait needs an evaluation of its own.
public struct InProcessSnapshotEvaluator: SnapshotEvaluator {
    public var limits: Limits
    public var stdlibPaths: [String]
    /// When set (`snapshot --layout`, `--width`), each view's frame at this screen width is
    /// recorded too, as its `frame` line.
    public var layoutWidth: Double?
    /// `--state` assignments (`#subscribe=highlighted`) given, in order, to each theme's tree
    /// before it is styled; one that matches no control of a screen fails that screen, as with
    /// `stylerun FILE --state`.
    public var states: [String] = []
    /// Receives the scripts' `print` output.
    public var log: @Sendable (String) -> Void = { _ in }

    /// The most themes a screen may declare, which bounds the evaluations per script.
    public static let maxThemes = 32

    public init(limits: Limits = .default, stdlibPaths: [String] = Runtime.defaultStdlibPaths) {
        self.limits = limits
        self.stdlibPaths = stdlibPaths
    }

    public func capture(files: [String], html: Bool, traits: [[Traits]]) -> [ScriptCapture] {
        zip(files, traits).map { capture(file: $0, html: html, traits: $1, progress: { _ in }) }
    }

    /// Captures one script; `progress` is called after each styling (the child's heartbeat).
    public func capture(file: String, html: Bool, traits: [Traits] = [.default], progress: (String?) -> Void) -> ScriptCapture {
        let runtime = Runtime(schema: .standard, limits: limits, stdlibPaths: stdlibPaths, log: log)
        do throws(DiagnosticList) {
            let first = try runtime.load(file: file)
            guard first.root != nil else { return .notAScreen(returned: first.evaluation.returnedTypeName) }
            let themes = first.themeNames.sorted()
            guard themes.count <= Self.maxThemes else {
                return .failed([Diagnostic(.badArgument, "The script declares \(themes.count) themes; snapshots take at most \(Self.maxThemes).",
                                           at: SourceLocation(file: file, line: 1))])
            }
            var captures: [ThemeCapture] = []
            for theme in themes.isEmpty ? [nil] : themes.map(Optional.some) {
                let sheet = theme == nil || theme == first.activeTheme ? first : try runtime.load(file: file, theme: theme)
                if !states.isEmpty, let own = sheet.root { try sheet.applyStates(states, to: own) }
                // The tree's views a trait set leaves as they were keep their records.
                let recorder = StyleSnapshot.Recorder()
                for (i, set) in traits.enumerated() {
                    sheet.traits = set
                    let root: View
                    if i > 0, let own = sheet.root {
                        // The same tree, styled anew from the kinds' defaults for these traits.
                        try sheet.apply(to: own)
                        root = own
                    } else {
                        root = try sheet.applyToOwnTree()
                    }
                    let page = html ? HTMLRenderer().render(root, title: URL(fileURLWithPath: file).lastPathComponent) : nil
                    let frames = layoutWidth.map { sheet.layout(root, width: $0).frames }
                    captures.append(ThemeCapture(theme: theme, traits: set, snapshot: StyleSnapshot(root, frames: frames, recorder: recorder), html: page))
                    progress(theme)
                }
            }
            return .screen(captures)
        } catch {
            return .failed(error.diagnostics)
        }
    }
}

// MARK: JSON, between a child and its parent

extension ScriptCapture {
    /// `{"notAScreen": "table"}`, `{"screen": [theme…]}` or `{"failed": [diagnostic…]}`.
    var json: JSONValue {
        switch self {
        case .notAScreen(let returned): ["notAScreen": .string(returned)]
        case .failed(let diagnostics): ["failed": .array(diagnostics.map(\.json))]
        case .screen(let themes): ["screen": .array(themes.map(\.json))]
        }
    }

    init?(json: JSONValue) {
        if case .string(let returned)? = json["notAScreen"] {
            self = .notAScreen(returned: returned)
        } else if case .array(let list)? = json["failed"] {
            let diagnostics = list.compactMap(Diagnostic.init(json:))
            guard diagnostics.count == list.count else { return nil }
            self = .failed(diagnostics)
        } else if case .array(let list)? = json["screen"] {
            let themes = list.compactMap(ThemeCapture.init(json:))
            guard themes.count == list.count else { return nil }
            self = .screen(themes)
        } else {
            return nil
        }
    }
}

extension ThemeCapture {
    /// `{"theme", "views", "html"}`. Each view is `{"reference", "kind", "paths"?, "properties"}`,
    /// a property `[value]` or `[value, origin, file, line]`, its path at the same place in
    /// `paths`; a view without `paths` has the previous view's. A screen has tens of properties
    /// per view, the same for every view of a kind: objects naming each property made the
    /// capture of a 20,000-view tree several times the size of its snapshot.
    var json: JSONValue {
        var previousPaths: [String] = []
        let views: [JSONValue] = snapshot.views.map { v in
            let properties: [JSONValue] = v.properties.map { p in
                guard let s = p.source else { return .array([.string(p.value)]) }
                var fields: [JSONValue] = [.string(p.value), .string(s.origin), .string(s.file), .number(Double(s.line))]
                if let token = s.token { fields.append(.string(token)) }
                return .array(fields)
            }
            var members: [(key: String, value: JSONValue)] = [("reference", .string(v.reference)), ("kind", .string(v.kindAndClasses))]
            let paths = v.properties.map(\.path)
            if paths != previousPaths {
                members.append(("paths", .array(paths.map(JSONValue.string))))
                previousPaths = paths
            }
            members.append(("properties", .array(properties)))
            return .object(members)
        }
        return ["theme": theme.map(JSONValue.string) ?? .null, "traits": traits.json, "views": .array(views),
                "html": html.map(JSONValue.string) ?? .null]
    }

    init?(json: JSONValue) {
        guard case .array(let views)? = json["views"] else { return nil }
        var records: [StyleSnapshot.ViewRecord] = []
        records.reserveCapacity(views.count)
        var paths: [String] = []
        for v in views {
            guard case .string(let reference)? = v["reference"], case .string(let kind)? = v["kind"],
                  case .array(let properties)? = v["properties"] else { return nil }
            if case .array(let names)? = v["paths"] {
                paths = []
                for case .string(let name) in names { paths.append(name) }
                guard paths.count == names.count else { return nil }
            }
            guard properties.count == paths.count else { return nil }
            var list: [StyleSnapshot.Property] = []
            list.reserveCapacity(properties.count)
            for (path, p) in zip(paths, properties) {
                guard case .array(let fields) = p, fields.count == 1 || fields.count == 4 || fields.count == 5,
                      case .string(let value) = fields[0] else { return nil }
                var source: StyleSnapshot.Source?
                if fields.count >= 4 {
                    guard case .string(let origin) = fields[1], case .string(let file) = fields[2],
                          case .number(let line) = fields[3] else { return nil }
                    var token: String?
                    if fields.count == 5 {
                        guard case .string(let t) = fields[4] else { return nil }
                        token = t
                    }
                    source = StyleSnapshot.Source(origin: origin, file: file, line: Int(line), token: token)
                }
                list.append(StyleSnapshot.Property(path: path, value: value, source: source))
            }
            records.append(StyleSnapshot.ViewRecord(reference: reference, kindAndClasses: kind, properties: list))
        }
        var theme: String?, html: String?
        if case .string(let t)? = json["theme"] { theme = t }
        if case .string(let h)? = json["html"] { html = h }
        var traits = Traits.default
        if let written = json["traits"] {
            guard let read = Traits(json: written) else { return nil }
            traits = read
        }
        self.init(theme: theme, traits: traits, snapshot: StyleSnapshot(views: records), html: html)
    }
}

extension Traits {
    /// `{"colorScheme": "dark"}`: the traits that differ from the defaults.
    var json: JSONValue {
        .object(Traits.Name.allCases.filter { self[$0] != Traits.default[$0] }.map { ($0.rawValue, JSONValue.string(self[$0])) })
    }

    /// The traits of `json`; nil when it names an unknown trait or value.
    init?(json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        var traits = Traits()
        for member in members {
            guard case .string(let value) = member.value else { return nil }
            do throws(TraitError) { try traits.set(member.key, to: value) } catch { return nil }
        }
        self = traits
    }
}
