import Foundation
import StyleCore
import StyleLayout

/// One watched stylesheet's reload step: fresh evaluation, apply, diff, swap, or keep the last
/// good styles.
///
///     let reloader = Reloader(runtime: runtime, file: "app.lua", theme: nil, tree: nil)
///     let first = reloader.reload()              // the initial load
///     if let event = reloader.reloadIfChanged([]) { print(event.json.serialized()) }
///
/// Each reload evaluates in a new Lua state, builds the new stylesheet and applies it from the
/// kinds' defaults, so a property removed from the script goes back to its default. The swap is
/// all or nothing: with a host's tree the cascade restores the tree on error; with the script's
/// own tree the new tree replaces the old one only when it was styled without error.
///
/// Not thread-safe: views and Lua states are not Sendable, so one serial queue owns a reloader
/// (`WatchSession` keeps it on the watch's queue).
final class Reloader {
    /// Where the styles go: the tree the script returns, or a host's own tree.
    private enum Target {
        case scriptTree
        case hostTree(View)
    }

    /// The script as the user named it.
    let file: String
    var theme: String?
    /// The styled tree: the host's, or the script's latest good one (nil before the first
    /// successful load).
    private(set) var tree: View?
    /// Absolute paths of what the latest evaluation loaded; after a failure, also the script
    /// and any file a diagnostic names.
    private(set) var watched: [String]
    /// The themes and the active theme of the latest good evaluation.
    private(set) var themeNames: [String] = []
    private(set) var activeTheme: String?
    /// Whether the latest reload failed; the watcher then also notices new modules appearing.
    private(set) var isFailing = false
    /// The latest stylesheet applied without error, for views the host adds later.
    private(set) var stylesheet: LoadedStylesheet?
    /// Receives each successful reload's changes, before the event is reported.
    var binder: StyleBinder?
    /// When set, each good reload lays the tree out at this width and reports moved frames.
    var layoutWidth: Double?
    /// Kept across reloads: fonts opened and text measured once serve every reload.
    private var layoutEngine: LayoutEngine?
    /// Each view's frame at the last layout, by its reference.
    private var frames: [String: Frame] = [:]
    /// The traits scripts are evaluated with and trees styled for.
    var traits: Traits { runtime.traits }
    /// States given to controls by their reference (`TreeReferences`), in place of what the
    /// tree gives them: applied to every tree a reload or restyle styles.
    private(set) var stateOverrides: [String: ControlState] = [:]
    /// The references whose views were given an override, to take it back when it goes.
    private var overridden: Set<String> = []

    private let runtime: Runtime
    /// What the watch's cascades keep from one reload to the next: each new stylesheet is
    /// adopted by it (`StyleEngine.adopt`).
    private var engine: StyleEngine?
    /// The tree as last styled: the next reload restyles only the views whose inputs changed.
    private var styled: StyledTree?
    /// What a reload replaced (the previous tree, its styles and Lua state), released by
    /// `releaseReplaced()` once the event is out: freeing 10,000 views and a Lua state is
    /// work the designer need not wait for.
    private var replaced: [Any] = []
    private let target: Target
    /// Files that appeared while failing (a module the script requires but that did not exist).
    private var newFiles: Set<String> = []
    /// Each watched file's content when it was last evaluated; nil for a missing file.
    private var contents: [String: Data?] = [:]
    /// Each file's content when the tree was last styled without error, by absolute path: how
    /// the next reload's files moved their lines since (`LineMap`).
    private var styledContents: [String: Data?] = [:]

    /// A reloader of `file` into `tree`, or into the tree the script returns when `tree` is nil.
    init(runtime: Runtime, file: String, theme: String?, tree: View?) {
        self.runtime = runtime
        self.file = file
        self.theme = theme
        self.target = tree.map(Target.hostTree) ?? .scriptTree
        self.tree = tree
        self.watched = [FileWatcher.absolute(file)]
    }

    /// Reloads when the content of a watched file differs from what was last evaluated.
    ///
    /// `changed` are the paths the file watcher saw change (empty: it does not know); while
    /// failing, those not yet watched are added, so a module created after the script started
    /// requiring it is noticed. Returns nil when no content changed.
    func reloadIfChanged(_ changed: Set<String>) -> ReloadEvent? {
        if isFailing { newFiles.formUnion(changed.subtracting(watched)) }
        let paths = watched + newFiles.sorted()
        let current = Self.read(paths)
        // A new file the script did not load matters only while it has content: one that is
        // gone again (a save's temporary file, renamed over the script) changed nothing the
        // script could load, whether or not it was read before it went.
        let loaded = Set(watched)
        let changedContent = paths.contains { path in
            let now = current[path] ?? nil
            if now == nil, !loaded.contains(path) { return false }
            return (contents[path] ?? nil) != now
        }
        guard changedContent else { return nil }
        return reload(contentsBefore: current)
    }

    /// Whether `changed` holds only new files the script did not load, while it fails: most
    /// often a save's temporary file, which the editor renames over the script a moment later.
    func onlyNewFilesChanged(_ changed: Set<String>) -> Bool {
        isFailing && !changed.isEmpty && changed.isDisjoint(with: watched)
    }

    /// Whether a watched file among `changed` (all of them when empty) that had content when
    /// last evaluated is now empty or missing: an editor between truncating (or deleting) the
    /// file and writing it again.
    func isBetweenWrites(_ changed: Set<String>) -> Bool {
        let paths = changed.isEmpty ? watched : watched.filter(changed.contains)
        return paths.contains { path in
            guard let before = contents[path] ?? nil, !before.isEmpty else { return false }
            var info = stat()
            return stat(path, &info) != 0 || info.st_size == 0
        }
    }

    /// Evaluates and applies now, whatever the files hold (the initial load, a theme switch).
    ///
    ///     let event = reloader.reload()
    func reload() -> ReloadEvent {
        reload(contentsBefore: Self.read(watched + newFiles.sorted()))
    }

    private func reload(contentsBefore: [String: Data?]) -> ReloadEvent {
        let start = DispatchTime.now()
        let event: ReloadEvent
        do throws(DiagnosticList) {
            let sheet = try runtime.load(file: file, theme: theme)
            if let engine { sheet.share(engine) } else { engine = sheet.engine }
            // A script that built its tree as the last good evaluation did (a rule, theme or
            // token edited) restyles the tree it styled last: the restyle then reaches only
            // the views a change reaches, instead of handing 10,000 new views their values.
            if case .scriptTree = target, let last = stylesheet { sheet.adoptTree(of: last) }
            var changes = try swap(in: sheet, lines: movedLines(sheet, contentsBefore))
            changes += frameChanges(sheet)
            // The previous stylesheet's Lua state is closed after the event, with the rest of
            // what the reload replaced.
            replaced.append(stylesheet as Any)
            let isFirst = stylesheet == nil
            stylesheet = sheet
            binder?.deliver(changes)
            // The objects attached before the watch may hold values the tree no longer has (the
            // host styled it without the binder): the first load gives them every bound value.
            if isFirst, let tree { binder?.refresh(tree) }
            deliverStates(sheet)
            watched = Self.unique(sheet.files.map(FileWatcher.absolute))
            newFiles = []
            isFailing = false
            themeNames = sheet.themeNames.sorted()
            activeTheme = sheet.activeTheme
            event = .reloaded(milliseconds: Self.milliseconds(since: start), files: sheet.files, changes: changes)
        } catch {
            let named = error.diagnostics.map(\.file).filter { !$0.hasPrefix("<") }.map(FileWatcher.absolute)
            watched = Self.unique(watched + [FileWatcher.absolute(file)] + named)
            isFailing = true
            event = .failed(milliseconds: Self.milliseconds(since: start), diagnostics: error.diagnostics)
        }
        // What was read before evaluating is what the evaluation saw (or older): a save during
        // the evaluation differs from it and reloads again. Files new to the set are read now.
        var remembered: [String: Data?] = [:]
        let fresh = Self.read((watched + newFiles).filter { contentsBefore[$0] == nil })
        for path in watched + newFiles {
            remembered.updateValue(contentsBefore[path] ?? fresh[path] ?? nil, forKey: path)
        }
        contents = remembered
        // What the tree was styled from: the next reload's lines moved from these (a module
        // the evaluation loaded for the first time was read just now).
        if case .reloaded = event { styledContents = remembered }
        return event
    }

    /// Styles the tree for `traits` from now on: restyled with the latest stylesheet, without
    /// evaluating the script again, unless the script read its `traits` table (or is failing,
    /// with no good evaluation for these traits): then it is evaluated anew, as a save would.
    func setTraits(_ traits: Traits) -> ReloadEvent {
        runtime.traits = traits
        return restyleOrReload()
    }

    /// Gives the control at `reference` the state `state` (nil: the one its tree gives it),
    /// now and after every reload, and restyles.
    func setState(_ state: ControlState?, ofViewAt reference: String) -> ReloadEvent {
        stateOverrides[reference] = state
        // A host's tree restyles the one control; the script's own tree may have states from
        // `--state` to give back, so it is restyled as a whole.
        if case .hostTree(let root) = target, !isFailing, let sheet = stylesheet, !sheet.readsTraits {
            let references = TreeReferences(root)
            var position = 0, found: View?
            root.forEachInTree { view in
                defer { position += 1 }
                if found == nil, view.kind.isControl, references.reference(at: position) == reference { found = view }
            }
            if let found {
                if state == nil { overridden.remove(reference) } else { overridden.insert(reference) }
                return setState(state, of: found, sheet: sheet)
            }
        }
        return restyleOrReload()
    }

    /// Puts `view`, a control of the host's tree, in `state` (nil: the one its tree gives it),
    /// restyling only what that can change; the view keeps it through reloads.
    func setState(_ state: ControlState?, of view: View) -> ReloadEvent? {
        guard !isFailing, let sheet = stylesheet, tree != nil else {
            view.stateOverride = state
            return nil
        }
        return setState(state, of: view, sheet: sheet)
    }

    private func setState(_ state: ControlState?, of view: View, sheet: LoadedStylesheet) -> ReloadEvent {
        let start = DispatchTime.now()
        sheet.traits = traits
        do throws(DiagnosticList) {
            let changes = try sheet.setState(state, of: view, binder: binder)
            return .reloaded(milliseconds: Self.milliseconds(since: start), files: sheet.files, changes: changes)
        } catch {
            return .failed(milliseconds: Self.milliseconds(since: start), diagnostics: error.diagnostics)
        }
    }

    /// Gives the binder's per-state setters every control's values in each state.
    private func deliverStates(_ sheet: LoadedStylesheet) {
        guard let binder, binder.bindsStates, let tree else { return }
        binder.deliverStates(sheet.stateValues(of: tree, recordingProvenance: false, since: .now), in: tree)
    }

    private func restyleOrReload() -> ReloadEvent {
        guard !isFailing, let sheet = stylesheet, let root = tree, !sheet.readsTraits else { return reload() }
        let start = DispatchTime.now()
        sheet.traits = traits
        let before = TreeSnapshot(root)
        do throws(DiagnosticList) {
            // A state taken back leaves the view with the one `--state` gives it, if any; the
            // page's states come on top.
            applyStateOverrides(to: root)
            if case .scriptTree = target {
                try sheet.applyStates(runtime.states, to: root)
                applyStateOverrides(to: root)
            }
            let result = try sheet.restyle(root, after: styled)
            replaced.append(styled as Any)
            styled = result.styled
            let changes = result.changes ?? TreeSnapshot(root).changes(since: before)
            binder?.deliver(changes)
            deliverStates(sheet)
            return .reloaded(milliseconds: Self.milliseconds(since: start), files: sheet.files, changes: changes)
        } catch {
            return .failed(milliseconds: Self.milliseconds(since: start), diagnostics: error.diagnostics)
        }
    }

    /// Gives the views of `root` the states of `stateOverrides` by reference, and takes back
    /// those given before that are no longer asked for; other views keep the state they have.
    private func applyStateOverrides(to root: View) {
        guard !stateOverrides.isEmpty || !overridden.isEmpty else { return }
        let references = TreeReferences(root)
        var position = 0
        var applied: Set<String> = []
        root.forEachInTree { view in
            defer { position += 1 }
            guard view.kind.isControl else { return }
            let reference = references.reference(at: position)
            if let state = stateOverrides[reference] {
                view.stateOverride = state
                applied.insert(reference)
            } else if overridden.contains(reference) {
                view.stateOverride = nil
            }
        }
        overridden = applied
    }

    /// How the lines of `sheet`'s files moved since the tree was last styled: each file read
    /// then and now that changed (`LineMap`), by the name its locations give it.
    private func movedLines(_ sheet: LoadedStylesheet, _ now: [String: Data?]) -> LineMap {
        var lines = LineMap()
        guard stylesheet != nil else { return lines }
        for file in sheet.files {
            let path = FileWatcher.absolute(file)
            guard let before = styledContents[path] ?? nil, let after = now[path] ?? nil, before != after else { continue }
            before.withUnsafeBytes { b in after.withUnsafeBytes { a in lines.add(file: file, before: b, after: a) } }
        }
        return lines
    }

    /// Applies the new stylesheet and returns what changed; throws, leaving `tree` as it was,
    /// when styling fails. `lines`: how the files moved their lines since the last styling.
    private func swap(in sheet: LoadedStylesheet, lines: LineMap) throws(DiagnosticList) -> [PropertyChange] {
        switch target {
        case .hostTree(let root):
            applyStateOverrides(to: root)
            // The first application reports everything it set, with the values the tree held
            // before it (a host may have styled it already). Later, a tree of the last shape
            // lists its changes by position, from what each view held (the restyle notes, as it
            // reaches each view, whether the host restyled it or set values in between); any
            // other is compared through snapshots, by reference, so the changes are what the
            // views saw.
            let isFirst = stylesheet == nil
            let sameShape = styled?.hasSameShape(as: root) == true
            let before = sameShape ? nil : TreeSnapshot(root)
            let result = try sheet.restyle(root, after: styled, knownSameShape: sameShape, changesAsTheViewsSawThem: true, lines: lines)
            replaced.append(styled as Any)
            styled = result.styled
            if let before { return TreeSnapshot(root).changes(since: before, listingEverySetValue: isFirst) }
            return Self.changes(result, before: nil, root: root)
        case .scriptTree:
            guard let root = sheet.root else {
                // With no root, this throws the "return the root view" diagnostic.
                _ = try sheet.applyToOwnTree()
                return []
            }
            // The new tree takes over the values of the views whose inputs did not change. The
            // previous tree keeps its values, so it is snapshotted only when its shape differs;
            // the first load reports every styled value, against the unstyled tree.
            try sheet.applyStates(runtime.states, to: root)
            applyStateOverrides(to: root)
            let unstyled = tree == nil ? TreeSnapshot(root) : nil
            let result = try sheet.restyle(root, after: styled, knownSameShape: nil, lines: lines)
            let before = result.changes == nil ? unstyled ?? tree.map(TreeSnapshot.init) : nil
            replaced += [tree as Any, styled as Any]
            styled = result.styled
            tree = root
            return Self.changes(result, before: before, root: root)
        }
    }

    /// The views whose frames the new styles moved (all of them at the first layout), as
    /// changes of the property `frame`; none without `layoutWidth`.
    private func frameChanges(_ sheet: LoadedStylesheet) -> [PropertyChange] {
        guard let layoutWidth, let tree else { return [] }
        let engine = layoutEngine ?? sheet.layoutEngine()
        layoutEngine = engine
        let layout = engine.layout(tree, options: LayoutOptions(width: layoutWidth, traits: traits))
        let references = TreeReferences(tree)
        var now: [String: Frame] = [:]
        var changes: [PropertyChange] = []
        var index = 0
        tree.forEachInTree { view in
            defer { index += 1 }
            guard let frame = layout.frame(of: view) else { return }
            let reference = references.reference(at: index)
            now[reference] = frame
            let old = frames[reference]
            if old != frame {
                changes.append(PropertyChange(view: reference, property: StyleSnapshot.framePath,
                                              old: old.map { .string($0.description) } ?? .null, new: .string(frame.description)))
            }
        }
        frames = now
        return changes
    }

    /// Styles a view the host added after the watch started with the latest good stylesheet,
    /// and delivers its changes; nothing before the first good load.
    func apply(to view: View) throws(DiagnosticList) -> [PropertyChange] {
        guard let stylesheet else { return [] }
        let before = TreeSnapshot(view)
        try stylesheet.apply(to: view)
        let changes = TreeSnapshot(view).changes(since: before)
        binder?.deliver(changes)
        return changes
    }

    /// Frees what the last reload replaced; call it after delivering the reload's event.
    func releaseReplaced() {
        replaced = []
    }

    /// The restyle's changes, or those since the snapshot taken before it.
    private static func changes(_ result: Restyle, before: TreeSnapshot?, root: View) -> [PropertyChange] {
        if let changes = result.changes { return changes }
        guard let before else { preconditionFailure("A tree of the previous shape lists its changes by position") }
        return TreeSnapshot(root).changes(since: before)
    }

    /// Each path's content, nil when it cannot be read (missing, a folder, no permission, not
    /// a regular file: a FIFO put in a script's place would block a plain read forever).
    private static func read(_ paths: [String]) -> [String: Data?] {
        var out: [String: Data?] = [:]
        for path in paths {
            var info = stat()
            let regular = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            out[path] = .some(regular ? FileManager.default.contents(atPath: path) : nil)
        }
        return out
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}
