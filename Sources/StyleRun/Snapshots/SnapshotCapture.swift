import Foundation
import StyleCore
import StyleLua

/// What evaluating one script gives `stylerun snapshot`: a screen styled in each of its themes,
/// a script that is not a screen, or errors.
public enum ScriptCapture: Sendable {
    /// The script returned no view (a module, a stylesheet): it has no snapshot.
    case notAScreen(returned: String)
    /// One capture per theme, themes sorted by name; one with a nil theme when it declares none.
    case screen([ThemeCapture])
    /// Evaluating or styling failed.
    case failed([Diagnostic])
}

/// A screen styled in one theme: its snapshot, and its HTML page when screenshots are wanted.
public struct ThemeCapture: Sendable {
    public var theme: String?
    public var snapshot: StyleSnapshot
    /// `HTMLRenderer`'s page for the screen, when asked for.
    public var html: String?

    public init(theme: String?, snapshot: StyleSnapshot, html: String?) {
        self.theme = theme
        self.snapshot = snapshot
        self.html = html
    }
}

/// Evaluates scripts for snapshots: in this process (`InProcessSnapshotEvaluator`) or in child
/// processes (`IsolatedSnapshotEvaluator`, for untrusted scripts).
public protocol SnapshotEvaluator: Sendable {
    /// One capture per file, in order.
    func capture(files: [String], html: Bool) -> [ScriptCapture]
}

/// Evaluates each script in this process, once per theme.
///
///     let captures = InProcessSnapshotEvaluator().capture(files: ["screens/home.lua"], html: false)
///
/// A script is evaluated with its default theme first; when it returns a view, it is a screen,
/// and it is evaluated again for each other theme it declares (at most `maxThemes`).
public struct InProcessSnapshotEvaluator: SnapshotEvaluator {
    public var limits: Limits
    public var stdlibPaths: [String]

    /// The most themes a screen may declare, which bounds the evaluations per script.
    public static let maxThemes = 32

    public init(limits: Limits = .default, stdlibPaths: [String] = Runtime.defaultStdlibPaths) {
        self.limits = limits
        self.stdlibPaths = stdlibPaths
    }

    public func capture(files: [String], html: Bool) -> [ScriptCapture] {
        files.map { capture(file: $0, html: html, progress: { _ in }) }
    }

    /// Captures one script; `progress` is called after each theme (the child's heartbeat).
    public func capture(file: String, html: Bool, progress: (String?) -> Void) -> ScriptCapture {
        let runtime = Runtime(schema: .standard, limits: limits, stdlibPaths: stdlibPaths)
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
                let root = try sheet.applyToOwnTree()
                let page = html ? HTMLRenderer().render(root, title: URL(fileURLWithPath: file).lastPathComponent) : nil
                captures.append(ThemeCapture(theme: theme, snapshot: StyleSnapshot(root), html: page))
                progress(theme)
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
    var json: JSONValue {
        let views: [JSONValue] = snapshot.views.map { v in
            let properties: [JSONValue] = v.properties.map { p in
                var entry: [(key: String, value: JSONValue)] = [("path", .string(p.path)), ("value", .string(p.value))]
                if let s = p.source {
                    entry += [("origin", .string(s.origin)), ("file", .string(s.file)), ("line", .number(Double(s.line)))]
                }
                return .object(entry)
            }
            return ["reference": .string(v.reference), "kind": .string(v.kindAndClasses), "properties": .array(properties)]
        }
        return ["theme": theme.map(JSONValue.string) ?? .null, "views": .array(views),
                "html": html.map(JSONValue.string) ?? .null]
    }

    init?(json: JSONValue) {
        guard case .array(let views)? = json["views"] else { return nil }
        var records: [StyleSnapshot.ViewRecord] = []
        for v in views {
            guard case .string(let reference)? = v["reference"], case .string(let kind)? = v["kind"],
                  case .array(let properties)? = v["properties"] else { return nil }
            var list: [StyleSnapshot.Property] = []
            for p in properties {
                guard case .string(let path)? = p["path"], case .string(let value)? = p["value"] else { return nil }
                var source: StyleSnapshot.Source?
                if case .string(let origin)? = p["origin"], case .string(let file)? = p["file"], case .number(let line)? = p["line"] {
                    source = StyleSnapshot.Source(origin: origin, file: file, line: Int(line))
                }
                list.append(StyleSnapshot.Property(path: path, value: value, source: source))
            }
            records.append(StyleSnapshot.ViewRecord(reference: reference, kindAndClasses: kind, properties: list))
        }
        var theme: String?, html: String?
        if case .string(let t)? = json["theme"] { theme = t }
        if case .string(let h)? = json["html"] { html = h }
        self.init(theme: theme, snapshot: StyleSnapshot(views: records), html: html)
    }
}
