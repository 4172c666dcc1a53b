import Foundation
import StyleLayout
import StyleRun

/// What the preview shows at one moment, as plain data any thread can read: the last good
/// screen, the errors of the latest save, the themes, and the provenance of every view.
///
///     var builder = PreviewStateBuilder(title: "sign-in.lua", folder: "examples")
///     let state = builder.update(with: event, watched: watched)
///     state.json.serialized(.line)    // what the event stream sends
///
/// Sendable because it holds only text and JSON: the views themselves stay on the watch's queue.
public struct PreviewState: Sendable {
    /// Counts every update (a reload, a failure, a theme switch).
    public var version = 0
    /// Counts good screens: the page morphs its screen only when this moves.
    public var screenVersion = 0
    /// The script's file name, as the page's title shows it.
    public var title: String
    /// The root view's element and its descendants (`HTMLRenderer.renderScreen`), nil before the
    /// script first loads.
    public var screen: String?
    /// The screen's background as CSS, nil for white.
    public var background: String?
    public var themes: [String] = []
    public var theme: String?
    /// The references (`data-ref`) of the views whose properties the latest good reload changed.
    public var changed: [String] = []
    /// Whether the latest evaluation succeeded.
    public var ok = true
    /// The latest failure's diagnostics, each with its code frame; empty when `ok`. Files are
    /// named relative to the script's folder (the stdlib's `stdlib/NAME`), here and in `explain`.
    public var diagnostics: [JSONValue] = []
    /// The `--explain` data of every view in tree order, with `reference`, `defaults`, `parent`
    /// and `children`.
    public var explain: JSONValue = .array([])
    /// The image names the screen shows, each with the file in the script's folder.
    public var images: [String: String] = [:]
    /// How long the latest evaluation took.
    public var milliseconds = 0.0
    /// The traits the screen is styled for (the toolbar's switches).
    public var traits = Traits()
    /// The states the page gave controls, by reference (a pressed button, the inspector's pick).
    public var stateOverrides: [String: ControlState] = [:]
    /// The views with a `low-contrast` finding under `traits`, each `{"reference", "message"}`.
    public var failing: [JSONValue] = []
    /// The width in points the screen is laid out at (the toolbar's width).
    public var width = LayoutOptions.defaultWidth

    public init(title: String) { self.title = title }

    /// The state as the event stream's JSON.
    public var json: JSONValue {
        [
            "version": .number(Double(version)),
            "screenVersion": .number(Double(screenVersion)),
            "title": .string(title),
            "ok": .bool(ok),
            "ms": .number((milliseconds * 10).rounded() / 10),
            "screen": screen.map(JSONValue.string) ?? .null,
            "background": background.map(JSONValue.string) ?? .null,
            "themes": .array(themes.map(JSONValue.string)),
            "theme": theme.map(JSONValue.string) ?? .null,
            "changed": .array(changed.map(JSONValue.string)),
            "diagnostics": .array(diagnostics),
            "explain": explain,
            "traits": .object(Traits.Name.allCases.map { (key: $0.rawValue, value: .string(traits[$0])) }),
            "stateOverrides": .object(stateOverrides.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value.description)) }),
            "failing": .array(failing),
            "width": .number(width),
        ]
    }
}

/// Turns each watch event into the next `PreviewState`; lives on the watch's queue, where the
/// tree may be read.
public struct PreviewStateBuilder {
    public private(set) var state: PreviewState
    /// The script's folder, where named images are looked up.
    public let folder: String
    /// How files are named in the state: relative to `folder`, the stdlib's as `stdlib/…`.
    private let paths: PreviewPaths
    private var loadedOnce = false
    /// Kept across updates: a restyle that moves nothing keeps its frames, and text is measured once.
    private var layoutEngine: LayoutEngine?

    /// - Parameter stdlibPaths: the runtime's stdlib folders, whose files the state names `stdlib/NAME`.
    public init(title: String, folder: String, stdlibPaths: [String] = Runtime.defaultStdlibPaths) {
        self.state = PreviewState(title: title)
        self.folder = folder
        self.paths = PreviewPaths(folder: folder, stdlibPaths: stdlibPaths)
    }

    /// The state after `event`: a new screen when it succeeded, else the last good screen with
    /// the event's diagnostics.
    public mutating func update(with event: ReloadEvent, watched: WatchedTree) -> PreviewState {
        state.version += 1
        state.milliseconds = event.milliseconds
        state.themes = watched.themeNames
        state.theme = watched.activeTheme
        state.traits = watched.traits
        state.stateOverrides = watched.stateOverrides
        switch event {
        case .reloaded(_, _, let changes):
            state.ok = true
            state.diagnostics = []
            if let root = watched.root { render(root, stylesheet: watched.stylesheet) }
            var seen = Set<String>()
            // The first load "changes" every styled value: nothing to point out yet.
            state.changed = loadedOnce ? changes.map(\.view).filter { seen.insert($0).inserted } : []
            loadedOnce = true
        case .failed(_, let diagnostics):
            state.ok = false
            state.changed = []
            state.diagnostics = diagnostics.map { paths.relativized(CodeFrame.json($0)) }
        }
        return state
    }

    /// The state laid out at `width` points, the same tree and styles: a new screen (the
    /// toolbar's width changed), or only a new version before the script first loads.
    public mutating func relayout(width: Double, root: View?, stylesheet: LoadedStylesheet?) -> PreviewState {
        state.version += 1
        state.width = width
        state.changed = []
        if let root, state.screen != nil { render(root, stylesheet: stylesheet) }
        return state
    }

    private mutating func render(_ root: View, stylesheet: LoadedStylesheet?) {
        var images: [String: String] = [:]
        root.forEachInTree { view in
            for property in view.kind.properties where property.type.wrapped == .image {
                if case .image(.named(let name)) = view[property], let file = ImageFiles.find(name, in: folder) {
                    images[name] = file
                }
            }
        }
        let known = images
        var renderer = HTMLRenderer(imageURL: { known[$0] == nil ? nil : "/images/" + ImageFiles.urlEncoded($0) },
                                    marksReferences: true)
        // Laid out on the server at the page's width and traits; the page draws the frames.
        var frames: LayoutFrames?
        if let stylesheet {
            let engine = layoutEngine ?? stylesheet.layoutEngine()
            layoutEngine = engine
            let layout = stylesheet.layout(root, width: state.width, traits: state.traits, engine: engine)
            if layout.tooDeep == nil { frames = layout.frames }
        }
        renderer.frames = frames
        state.screen = renderer.renderScreen(root)
        state.images = images
        // With no background of its own the screen stands on the system's: black in dark.
        state.background = (HTMLRenderer.screenBackground(of: root) ?? (state.traits.colorScheme == .dark ? ScreenColors.dark.background : nil))
            .map(HTMLRenderer.css)
        state.screenVersion += 1
        // The other states' values of the controls, explained (SPEC §6.1); an error styling
        // one of them is the script's, though the screen in its current states is fine.
        let states = stylesheet?.stateValues(of: root, recordingProvenance: true)
        if let diagnostics = states?.diagnostics, !diagnostics.isEmpty {
            state.ok = false
            state.diagnostics = diagnostics.map { paths.relativized(CodeFrame.json($0)) }
        }
        let contrast = PreviewContrast(root, traits: state.traits)
        state.explain = paths.relativized(Self.explain(root, states: states, contrast: contrast, frames: frames))
        let positions = Dictionary(uniqueKeysWithValues: Self.views(of: root).enumerated().map { (ObjectIdentifier($1), $0) })
        let names = TreeReferences(root)
        state.failing = contrast.failing.map { failure in
            let reference = positions[ObjectIdentifier(failure.view)].map(names.reference(at:)) ?? failure.view.reference
            return paths.relativized(["reference": .string(reference), "message": .string(failure.message)])
        }
    }

    private static func views(of root: View) -> [View] {
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        return views
    }

    /// `ExplainRenderer`'s JSON for every view, with each view's reference and those of its
    /// parent and children, for walking the tree. Properties that only have their kind's
    /// default are listed apart and briefly, `"defaults": {"alpha": 1, …}`, since they are most
    /// of a view's properties and have no origin to tell.
    ///
    /// A control adds `"control": true`, its `"state"` (`normal`, `highlighted+selected`) and,
    /// with `states`, the other states' values explained (`"states"`); a view with text adds
    /// `"contrast"`, each text's readout (`PreviewContrast`).
    static func explain(_ root: View, states: StateValues? = nil, contrast: PreviewContrast? = nil,
                        frames: LayoutFrames? = nil) -> JSONValue {
        let views = views(of: root)
        var renderer = ExplainRenderer()
        renderer.states = states
        guard case .array(let entries) = renderer.json(for: views, includingDefaults: true) else { return .array([]) }
        // By position in tree order, each reference made once: a view's parent and children
        // name the same references as their own entries.
        let references = TreeReferences(root)
        var names: [JSONValue] = []
        names.reserveCapacity(views.count)
        var positions: [ObjectIdentifier: Int] = [:]
        positions.reserveCapacity(views.count)
        for (i, view) in views.enumerated() {
            names.append(.string(references.reference(at: i)))
            positions[ObjectIdentifier(view)] = i
        }
        func name(_ view: View) -> JSONValue { positions[ObjectIdentifier(view)].map { names[$0] } ?? .null }
        return .array(zip(views, entries).map { view, entry in
            guard case .object(var members) = entry else { return entry }
            var defaults: [(key: String, value: JSONValue)] = []
            if let i = members.firstIndex(where: { $0.key == "properties" }), case .array(let properties) = members[i].value {
                let styled = properties.filter { $0["origin"]?["kind"] != .string("default") }
                for p in properties where p["origin"]?["kind"] == .string("default") {
                    if case .string(let name)? = p["property"] { defaults.append((key: name, value: p["value"] ?? .null)) }
                }
                members[i].value = .array(styled)
            }
            members.insert((key: "reference", value: name(view)), at: 0)
            members.append((key: "defaults", value: .object(defaults)))
            // The root's parent is outside the tree the page shows.
            members.append((key: "parent", value: view === root ? .null : view.parent.map(name) ?? .null))
            members.append((key: "children", value: .array(view.children.map(name))))
            if view.kind.isControl {
                members.append((key: "control", value: true))
                members.append((key: "state", value: .string(view.state.description)))
            }
            if let readouts = contrast?.readouts[ObjectIdentifier(view)] {
                members.append((key: "contrast", value: .array(readouts)))
            }
            if let layout = frames?.layout(of: view) {
                let f = layout.frame
                members.append((key: "frame", value: ["x": .number(f.x), "y": .number(f.y),
                                                      "width": .number(f.width), "height": .number(f.height)]))
                members.append((key: "frameReason", value: .string(layout.reason)))
            }
            return .object(members)
        })
    }
}

/// A diagnostic with the lines of source around it, for the error overlay.
enum CodeFrame {
    /// Lines shown before and after the diagnostic's line.
    static let before = 2, after = 1

    /// `Diagnostic.json` plus `"frame"`: `[{"number": 11, "text": "…", "current": false}, …]`.
    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        guard case .object(var members) = diagnostic.json else { return diagnostic.json }
        var frame: [JSONValue] = []
        if let text = try? SourceFile.read(diagnostic.file) {  // no source (a limit, "<string>"): no frame
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            let first = max(1, diagnostic.line - before), last = min(lines.count, diagnostic.line + after)
            if first <= last {
                for number in first...last {
                    frame.append(["number": .number(Double(number)), "text": .string(String(lines[number - 1])),
                                  "current": .bool(number == diagnostic.line)])
                }
            }
        }
        members.append((key: "frame", value: .array(frame)))
        return .object(members)
    }
}
