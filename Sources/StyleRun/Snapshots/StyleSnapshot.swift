import Foundation
import StyleCore
import StyleLayout

/// A styled tree as a snapshot records it: every view, in tree order, with every property's
/// value as text and what set it.
///
///     let snapshot = StyleSnapshot(root)
///     try snapshot.text(title: "subscribe.lua, theme \"dark\"").write(toFile: path, atomically: true, encoding: .utf8)
///
/// The text (`text(title:)`) is made for review in a git diff: one line per view, then one line
/// per property, sorted by name, each `  path: value`, followed, after `←`, by what set it when
/// it was recorded (`rule "Button.primary" subscribe.lua:12`). Only the views' names, kinds,
/// classes and the values are compared; what follows `←` is a note for the reader, so moving a
/// rule to another line fails nothing.
public struct StyleSnapshot: Sendable, Hashable {
    /// What set a property: the cascade step and its `file:line`.
    public struct Source: Sendable, Hashable {
        /// The contribution's origin as `--explain` prints it (`rule "Button.primary"`, `literal`).
        public var origin: String
        public var file: String
        public var line: Int
        /// The token the value was read from, with its aliases (`token color.danger
        /// (brand.tokens.json:4) ← {palette.red.500} (palette.tokens.json:5)`); nil for none.
        public var token: String?

        public init(origin: String, file: String, line: Int, token: String? = nil) {
            self.origin = origin
            self.file = file
            self.line = line
            self.token = token
        }

        /// `rule "Button.primary" subscribe.lua:12`.
        public var description: String { line > 0 ? "\(origin) \(file):\(line)" : "\(origin) \(file)" }
    }

    /// One property of one view.
    public struct Property: Sendable, Hashable {
        /// The dotted path (`titleLabel.font`).
        public var path: String
        /// The value as compared (`#974DFF`, `system 15 bold`, `"Subscribe"`, `nil`).
        public var value: String
        /// What set it; nil when it has its kind's default.
        public var source: Source?

        public init(path: String, value: String, source: Source?) {
            self.path = path
            self.value = value
            self.source = source
        }
    }

    /// One view: how it is named, what it is, and its properties sorted by path.
    public struct ViewRecord: Sendable, Hashable {
        /// `View.reference`: `#id`, or the path of kinds with child indices.
        public var reference: String
        /// The kind and classes, `Button.primary`.
        public var kindAndClasses: String
        public var properties: [Property]

        public init(reference: String, kindAndClasses: String, properties: [Property]) {
            self.reference = reference
            self.kindAndClasses = kindAndClasses
            self.properties = properties
        }

        /// The view with its name, kind and classes as its line writes them (an id with a
        /// newline escaped), which is how a recorded file is compared with it.
        var asWritten: ViewRecord {
            var view = self
            view.reference = StyleSnapshot.oneLine(reference)
            view.kindAndClasses = StyleSnapshot.oneLine(kindAndClasses)
            return view
        }
    }

    /// Parents before children, children in order.
    public var views: [ViewRecord]

    public init(views: [ViewRecord]) { self.views = views }

    /// Records the styled `root` and its descendants: every property of each view, with the
    /// contribution that won it when the tree was styled with provenance. A `recorder` that
    /// recorded the same tree before (styled for other traits) gives each view the tree left
    /// as it was the properties it recorded for it.
    ///
    ///     let recorder = StyleSnapshot.Recorder()
    ///     for traits in matrix { sheet.traits = traits; try sheet.apply(to: root); snapshots.append(StyleSnapshot(root, recorder: recorder)) }
    public init(_ root: View, frames: LayoutFrames? = nil, recorder: Recorder? = nil) {
        var views: [ViewRecord] = []
        let recorder = recorder ?? Recorder(keepsViews: false)
        // A tree of the shape the last snapshot recorded has its views' names and places.
        let names = recorder.names(of: root)
        var references: TreeReferences?
        var newNames: [(reference: String, kindAndClasses: String)] = []
        // A winner's source is worked out once and shared by every view that has it (the views
        // of a screen mostly hold the same few); a constant's text is kept by the recorder.
        var sources: [WinnerKey: Source?] = [:]
        var texts: [String] = []
        root.forEachInTree { view in
            var properties: [Property]
            let position = views.count
            if let kept = recorder.kept(for: view, at: position) {
                properties = kept
            } else {
                let winners = view.winners
                let sorted = recorder.sortedProperties(of: view.kind)
                texts.removeAll(keepingCapacity: true)
                view.forEachValue { _, constant, value in
                    guard let constant else { return texts.append(Self.text(value())) }
                    texts.append(recorder.text(of: constant, in: view, value))
                }
                properties = sorted.map { p -> Property in
                    var source: Source?
                    if let winner = winners?[p.slot] {
                        let key = winner.key
                        if let known = sources[key] {
                            source = known
                        } else {
                            let location = winner.location
                            if winner.origin != .kindDefault {
                                source = Source(origin: winner.origin.description,
                                                file: location?.file ?? "",
                                                line: location?.line ?? 0,
                                                token: location?.token?.description)
                            }
                            sources[key] = .some(source)
                        }
                    }
                    return Property(path: p.path, value: texts[p.slot], source: source)
                }
                recorder.keep(properties, for: view, at: position)
            }
            if let frame = frames?.layout(of: view) {
                properties.append(Property(path: Self.framePath, value: frame.frame.description, source: nil))
                properties.sort { $0.path < $1.path }
            }
            let name: (reference: String, kindAndClasses: String)
            if let names {
                name = names[position]
            } else {
                if references == nil { references = TreeReferences(root) }
                name = (references!.reference(at: position), ([view.kind.name] + view.classes).joined(separator: "."))
                newNames.append(name)
            }
            views.append(ViewRecord(reference: name.reference, kindAndClasses: name.kindAndClasses, properties: properties))
        }
        if names == nil { recorder.remember(newNames, of: root) }
        self.views = views
    }

    /// Records one tree styled again and again (for each trait set of a matrix): a view that a
    /// styling left as it was for the last snapshot (`View.isStyled(as:)`: the same values and
    /// provenance, stored alike) keeps the properties recorded for it, so a trait changes the
    /// records of the views it changes. Frames are not kept: a view's frame is recorded anew.
    /// Holds the views it recorded.
    public final class Recorder {
        private struct Kept {
            let view: View
            let stamp: StylingStamp
            let properties: [Property]
        }

        private let keepsViews: Bool
        /// By place in the tree.
        private var kept: [Kept?] = []
        /// The tree last recorded, its shape then and each view's reference and kind and classes.
        private var root: View?
        private var shape: TreeShape?
        private var names: [(reference: String, kindAndClasses: String)] = []
        /// How many views' records were kept from an earlier snapshot, for measuring.
        public private(set) var viewsKept = 0
        /// Constants' texts, and for each value table they name a store of it.
        private var texts: [ConstantKey: String] = [:]
        private var anchors: [ObjectIdentifier: ValueStore] = [:]
        /// Each kind's properties sorted by path, and the kind (which the key names).
        private var sorted: [ObjectIdentifier: (kind: Kind, properties: [StyleCore.Property])] = [:]

        public convenience init() { self.init(keepsViews: true) }

        init(keepsViews: Bool) { self.keepsViews = keepsViews }

        /// The properties recorded for `view`, the tree's view at `position`, when it was there
        /// and is styled as it was then.
        fileprivate func kept(for view: View, at position: Int) -> [Property]? {
            guard keepsViews, position < kept.count, let entry = kept[position], entry.view === view,
                  view.isStyled(as: entry.stamp) else { return nil }
            viewsKept += 1
            return entry.properties
        }

        fileprivate func keep(_ properties: [Property], for view: View, at position: Int) {
            guard keepsViews else { return }
            if position >= kept.count { kept += repeatElement(nil, count: position - kept.count + 1) }
            kept[position] = Kept(view: view, stamp: view.stylingStamp, properties: properties)
        }

        /// Each view's reference and kind and classes, by place, when `root` is the tree last
        /// recorded and its shape is as it was.
        fileprivate func names(of root: View) -> [(reference: String, kindAndClasses: String)]? {
            guard keepsViews, self.root === root, shape == root.treeShape else { return nil }
            return names
        }

        fileprivate func remember(_ names: [(reference: String, kindAndClasses: String)], of root: View) {
            guard keepsViews else { return }
            self.root = root
            shape = root.treeShape
            self.names = names
        }

        /// The text of a constant value (`StyleSnapshot.text`), worked out once for all the
        /// snapshots recorded: the texts of an interned constant are kept by its value table,
        /// which a store of that table (`view`'s) keeps alive for as long as they are, so that
        /// no other table can take its identity.
        fileprivate func text(of constant: ConstantKey, in view: View, _ value: () -> Value) -> String {
            if let known = texts[constant] { return known }
            if let table = constant.table, anchors[table] == nil { anchors[table] = view.values }
            let text = StyleSnapshot.text(value())
            texts[constant] = text
            return text
        }

        fileprivate func sortedProperties(of kind: Kind) -> [StyleCore.Property] {
            if let known = sorted[ObjectIdentifier(kind)] { return known.properties }
            let properties = kind.properties.sorted { $0.path < $1.path }
            sorted[ObjectIdentifier(kind)] = (kind, properties)
            return properties
        }
    }

    /// The line a laid-out view's frame is recorded on (`frame: 16,120 343×44`): not a
    /// property of any kind, compared within `frameTolerance`.
    public static let framePath = "frame"
    /// How far a recorded frame's edges may move, in points, before it differs.
    public static let frameTolerance = 0.5

    /// A value as the snapshot writes it: `displayText`, with a named font's name quoted so
    /// that a value never runs into the note after it.
    public static func text(_ value: Value) -> String {
        if case .font(let f) = value, f.name != "system" {
            var unnamed = f
            unnamed.name = "system"
            return Value.quoted(f.name) + Value.font(unnamed).displayText.dropFirst("system".count)
        }
        return value.displayText
    }

    /// `path` relative to `folder` when it lies inside it; the stdlib's files as `stdlib/NAME`.
    static func displayPath(_ path: String, relativeTo folder: String?) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let folder {
            let base = URL(fileURLWithPath: folder).standardizedFileURL.path
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        }
        for stdlib in Runtime.defaultStdlibPaths.map({ URL(fileURLWithPath: $0).standardizedFileURL.path + "/" })
        where absolute.hasPrefix(stdlib) {
            return "stdlib/" + absolute.dropFirst(stdlib.count)
        }
        return path
    }

    // MARK: Text

    /// The marker between a property's value and the note on what set it.
    static let noteMarker = "  ← "
    /// The column at which notes start, so that a longer value does not move other lines' notes.
    static let noteColumn = 44

    /// The snapshot file's text: a header naming what it records, then each view. Source files
    /// inside `folder` (the script's) are named relative to it in the notes.
    ///
    ///     snapshot.text(title: "subscribe.lua, theme \"dark\"", folder: "examples")
    ///     // # stylerun snapshot: subscribe.lua, theme "dark"
    ///     // …
    ///     // #subscribe  Button.primary
    ///     //   alpha: 1
    ///     //   titleColor: #FFFFFF                     ← rule "Button.primary" subscribe.lua:12
    public func text(title: String, folder: String? = nil) -> String {
        var out = Self.header(title: title)
        var paths = DisplayPaths(folder: folder)
        for view in views {
            out += "\n" + Self.line(for: view)
            for p in view.properties { out += Self.line(for: p, paths: &paths) }
        }
        return out
    }

    static func header(title: String) -> String {
        """
        # stylerun snapshot: \(oneLine(title))
        # Compared: each view's name, kind and classes, and every property's value.
        # After "←": what set the value when it was recorded (a note, not compared).

        """
    }

    /// `text` with its control characters escaped (`\\n`, `\\t`, `\\u{1B}`), so that a script or
    /// theme named with a newline stays on its header line and the file still reads back.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func line(for view: ViewRecord) -> String {
        let written = view.asWritten
        return "\(written.reference)  \(written.kindAndClasses)\n"
    }

    static func line(for property: Property, paths: inout DisplayPaths) -> String {
        let head = "  \(property.path): \(property.value)"
        guard var source = property.source else { return head + "\n" }
        source.file = paths.path(source.file)
        let pad = max(0, noteColumn - head.count)
        return head + String(repeating: " ", count: pad) + noteMarker + oneLine(source.description) + "\n"
    }
}

/// `StyleSnapshot.displayPath(_:relativeTo:)` of each file named in one snapshot's notes, worked
/// out once per file rather than once per line (a snapshot names a few files thousands of times).
struct DisplayPaths {
    let folder: String?
    private var known: [String: String] = [:]

    init(folder: String?) { self.folder = folder }

    mutating func path(_ file: String) -> String {
        if let path = known[file] { return path }
        let path = StyleSnapshot.displayPath(file, relativeTo: folder)
        known[file] = path
        return path
    }
}
