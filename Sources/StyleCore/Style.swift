/// A style: the kind it applies to and what it does, in order, each step with where it was
/// written. Built by `mut`, `mver`, `concat`, `style(Kind, …)` and plain functions.
///
/// A style is data rather than a closure so that it can be validated before it runs, explained
/// afterwards ("which `mut` set this?"), and applied as a flat list of slot writes.
///
/// A `concat` keeps its parts rather than copying their operations, so composing a style with
/// itself (`x = x .. x`, twenty times) takes memory linear in the number of calls, not in the
/// number of operations it stands for; `forEachOperation` walks them in order without copying.
public struct Style {
    public let kind: Kind
    /// Where the style was made (the `mut`, `concat` or `style` call).
    public let location: SourceLocation
    /// How many operations the style runs (saturating at `Int.max`).
    public let count: Int
    private var storage: Storage
    /// Whether some operation has a string path still unresolved.
    fileprivate let hasUnresolvedPaths: Bool

    private enum Storage {
        case operations([StyleOperation])
        case parts(Parts)
    }

    /// The shared parts of a `concat`, boxed so that a style stays small when copied.
    private final class Parts {
        private(set) var styles: [Style]
        init(_ styles: [Style]) { self.styles = styles }

        /// Releases a chain of parts without recursion: `x = x .. y` a million times is a
        /// million nested parts, and releasing each from its parent's deinit would overflow the
        /// stack. Parts no other style shares are emptied here, one level at a time.
        deinit {
            guard styles.contains(where: { if case .parts = $0.storage { true } else { false } }) else { return }
            var pending = styles
            styles = []
            while var style = pending.popLast() {
                guard case .parts(var parts) = style.storage else { continue }
                style.storage = .operations([])
                if isKnownUniquelyReferenced(&parts) {
                    pending.append(contentsOf: parts.styles)
                    parts.styles = []
                }
            }
        }
    }
    /// The name the script binds the style to (`finePrintStyle`, `base.primaryButtonStyle`),
    /// for explain; nil when it has none.
    public var name: String?
    /// The script's call sites that led to the style, innermost first, when it was made inside
    /// helper functions (`fontStyle(14, "medium")` for the `concat` inside `fontStyle`).
    public var callSites: [SourceLocation] = []
    /// How the style became one of a view's own, once it is one.
    public var attachment: StyleAttachment?

    public init(kind: Kind, operations: [StyleOperation], location: SourceLocation) {
        self.kind = kind
        self.location = location
        self.count = operations.reduce(0) { total, op in
            let n = if case .when(_, let inner, _) = op { inner.count &+ 1 } else { 1 }
            let (sum, overflow) = total.addingReportingOverflow(n < 0 ? Int.max : n)
            return overflow ? Int.max : sum
        }
        self.storage = .operations(operations)
        self.hasUnresolvedPaths = operations.contains { $0.isUnresolved }
    }

    /// One `when` operation: it runs `style`'s operations, so it counts them.
    private init(kind: Kind, condition: Condition, _ style: Style, location: SourceLocation) {
        self.kind = kind
        self.location = location
        let (sum, overflow) = style.count.addingReportingOverflow(1)
        self.count = overflow ? Int.max : sum
        self.storage = .operations([.when(condition, style, location)])
        self.hasUnresolvedPaths = style.hasUnresolvedPaths
    }

    private init(kind: Kind, parts: [Style], location: SourceLocation) {
        self.kind = kind
        self.location = location
        self.count = parts.reduce(0) { total, part in
            let (sum, overflow) = total.addingReportingOverflow(part.count)
            return overflow ? Int.max : sum
        }
        self.storage = .parts(Parts(parts))
        self.hasUnresolvedPaths = parts.contains { $0.hasUnresolvedPaths }
    }

    /// How many operations or shared parts the style holds itself (what it costs in memory,
    /// as opposed to `count`, what it runs).
    public var storedCount: Int {
        switch storage {
        case .operations(let ops): ops.count
        case .parts(let parts): parts.styles.count
        }
    }

    /// What names the style's operations while the style lives: equal for copies of one style
    /// (a view's `style = titleStyle` shared by many views), so the cascade prepares it once.
    /// Nil for a style without operations.
    var storageIdentity: UnsafeRawPointer? {
        switch storage {
        case .operations(let ops): ops.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        case .parts(let parts): UnsafeRawPointer(Unmanaged.passUnretained(parts).toOpaque())
        }
    }

    /// The style's own operations, or its shared parts when it is a `concat` (one of the two
    /// is nil): what `StyleComparison` compares part by part.
    var storedOperations: [StyleOperation]? {
        if case .operations(let ops) = storage { ops } else { nil }
    }

    var storedParts: [Style]? {
        if case .parts(let parts) = storage { parts.styles } else { nil }
    }

    /// Every operation in order, copied into one array: for small styles (messages, tests);
    /// `forEachOperation` walks a composed style without copying it.
    public var operations: [StyleOperation] {
        if case .operations(let ops) = storage { return ops }
        var all: [StyleOperation] = []
        forEachOperation { all.append($0) }
        return all
    }

    /// Runs `body` on every operation in order, through shared parts without recursion.
    public func forEachOperation<E: Error>(_ body: (StyleOperation) throws(E) -> Void) throws(E) {
        var pending: [Style] = [self]
        while let style = pending.popLast() {
            switch style.storage {
            case .operations(let ops):
                for op in ops { try body(op) }
            case .parts(let parts):
                pending.append(contentsOf: parts.styles.reversed())
            }
        }
    }

    /// Runs `body` on each operation once per distinct shared part: a part used twice is
    /// visited once, so this is linear in the style's size in memory (for collecting functions).
    public func forEachDistinctOperation(_ body: (StyleOperation) -> Void) {
        var pending: [Style] = [self]
        var seen = Set<ObjectIdentifier>()
        while let style = pending.popLast() {
            switch style.storage {
            case .operations(let ops):
                ops.forEach(body)
            case .parts(let parts):
                guard seen.insert(ObjectIdentifier(parts)).inserted else { continue }
                pending.append(contentsOf: parts.styles.reversed())
            }
        }
    }

    /// Whether some operation satisfies `test`, in this style or in the style of a `when` in
    /// it at any depth. Each distinct shared part is visited once, `when`s' styles with the
    /// rest, so this is linear in the style's size in memory however its parts are shared.
    ///
    ///     style.containsOperation { if case .function = $0 { true } else { false } }
    public func containsOperation(where test: (StyleOperation) -> Bool) -> Bool {
        var pending: [Style] = [self]
        var seen = Set<ObjectIdentifier>()
        while let style = pending.popLast() {
            switch style.storage {
            case .operations(let ops):
                for op in ops {
                    if test(op) { return true }
                    if case .when(_, let inner, _) = op { pending.append(inner) }
                }
            case .parts(let parts):
                guard seen.insert(ObjectIdentifier(parts)).inserted else { continue }
                pending.append(contentsOf: parts.styles)
            }
        }
        return false
    }

    /// `mut(path, value)`: checks the value against the path's type now, when the path is typed.
    public static func mut(_ path: PathReference, _ value: Value, root: Kind, at location: SourceLocation) throws(StyleError) -> Style {
        let checked: Value
        if case .keyPath(let kp) = path {
            guard let type = kp.valueType else { throw .notSettable(kp) }
            switch type.check(value, range: kp.property?.range) {
            case .success(let v): checked = v
            case .failure(let e): throw .invalidValue(e, target: kp.qualifiedName)
            }
        } else {
            checked = value
        }
        return try mut(path, checked: checked, root: root, at: location)
    }

    /// `mut` of a value the caller checked against `path`'s type and range already (the Lua
    /// bindings check it as they read it, to say what was wrong in the script's terms): not
    /// checked a second time.
    package static func mut(_ path: PathReference, checked value: Value, root: Kind, at location: SourceLocation) throws(StyleError) -> Style {
        if case .keyPath(let kp) = path, kp.valueType == nil { throw .notSettable(kp) }
        return Style(kind: root, operations: [.set(path, value, location)], location: location)
    }

    /// `mver(path, fn)`: the transform's result is checked when it runs.
    public static func mver(_ path: PathReference, _ transform: any ValueTransform, root: Kind, at location: SourceLocation) throws(StyleError) -> Style {
        if case .keyPath(let kp) = path, kp.valueType == nil { throw .notSettable(kp) }
        return Style(kind: root, operations: [.transform(path, transform, location)], location: location)
    }

    /// `concat(parts…)` (kind nil: the most specific of the parts' kinds) or `style(kind, parts…)`.
    /// String paths are resolved against the resulting kind where they can be.
    public static func concat(_ parts: [Style], kind explicit: Kind? = nil, root: Kind, at location: SourceLocation) throws(StyleError) -> Style {
        var kind = explicit ?? root
        for part in parts {
            if let explicit {
                guard explicit.isRelated(to: part.kind) else { throw .unrelatedKinds(explicit, part.kind) }
                // A super-kind part narrows to the explicit kind; a sub-kind part cannot widen it.
                guard explicit.isA(part.kind) else { throw .unrelatedKinds(explicit, part.kind) }
            } else {
                guard let k = Kind.mostSpecific(kind, part.kind) else { throw .unrelatedKinds(kind, part.kind) }
                kind = k
            }
        }
        // A part is shared as it is unless the kind narrowed and it has string paths that
        // may now resolve (and must then be checked); only those parts are copied.
        var shared: [Style] = []
        shared.reserveCapacity(parts.count)
        for part in parts {
            shared.append(part.kind === kind || !part.hasUnresolvedPaths ? part : try part.resolved(in: kind))
        }
        return Style(kind: kind, parts: shared, location: location)
    }

    /// This style's operations with string paths resolved against `kind`.
    private func resolved(in kind: Kind) throws(StyleError) -> Style {
        var ops: [StyleOperation] = []
        try forEachOperation { op throws(StyleError) in ops.append(try op.resolvingPaths(in: kind)) }
        return Style(kind: kind, operations: ops, location: location)
    }

    /// `when(condition, style)`: `style`'s operations apply only while `condition` holds, as
    /// a style of the same kind.
    ///
    ///     let pressed = try Style.when(Condition.parse(state: "highlighted").get(), dimmed, at: loc)
    ///
    /// - Throws: `.condition(.notAControl…)` when the condition asks for a state and the style's
    ///   kind is never a control (`schema.mayBeControl`).
    public static func when(_ condition: Condition, _ style: Style, schema: Schema? = nil, at location: SourceLocation) throws(StyleError) -> Style {
        if condition.testsState, let schema, !schema.mayBeControl(style.kind) {
            throw .condition(.notAControl(kind: style.kind.name, condition: condition.description))
        }
        return Style(kind: style.kind, condition: condition, style, location: location)
    }

    /// A plain function as a style of `kind` (a Lua `function(v) … end`).
    public static func function(_ fn: any StyleFunction, kind: Kind, at location: SourceLocation) -> Style {
        Style(kind: kind, operations: [.function(fn, location)], location: location)
    }

    /// The same operations as a style of a more specific kind.
    public func narrowed(to kind: Kind) throws(StyleError) -> Style {
        guard kind.isA(self.kind) else { throw .unrelatedKinds(kind, self.kind) }
        guard hasUnresolvedPaths else { return Style(kind: kind, parts: [self], location: location) }
        return try resolved(in: kind)
    }
}

/// A path as a style holds it: typed, or a string path awaiting its kind (`"layoutMargins.bottom"`).
public enum PathReference: Hashable, Sendable, CustomStringConvertible {
    case keyPath(StyleKeyPath)
    case unresolved([String])

    public var description: String {
        switch self {
        case .keyPath(let kp): kp.description
        case .unresolved(let c): "\"" + c.joined(separator: ".") + "\""
        }
    }
}

/// One step of a style.
public enum StyleOperation {
    /// Sets a property (or a field of one) to a value.
    case set(PathReference, Value, SourceLocation)
    /// Replaces a property's current value with a function of it (`mver`).
    case transform(PathReference, any ValueTransform, SourceLocation)
    /// Runs a function that reads and writes the view through a checked proxy.
    case function(any StyleFunction, SourceLocation)
    /// `when(condition, style)`: the style's operations, in this place, while the condition
    /// holds for the view's state and the run's traits. Boxed: a style inline made every
    /// operation, the far more common `set`s too, 200 bytes.
    indirect case when(Condition, Style, SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .set(_, _, let l), .transform(_, _, let l), .function(_, let l), .when(_, _, let l): l
        }
    }

    /// Whether the operation's path is a string path not yet resolved.
    var isUnresolved: Bool {
        switch self {
        case .set(.unresolved, _, _), .transform(.unresolved, _, _): true
        case .when(_, let style, _): style.hasUnresolvedPaths
        default: false
        }
    }

    /// Resolves a string path against `kind` when it names something there; a path that does
    /// not resolve against a kind is left for the view it is applied to, unless the kind has
    /// no sub-kinds that could have it (checked at application).
    func resolvingPaths(in kind: Kind) throws(StyleError) -> StyleOperation {
        switch self {
        case .set(.unresolved(let components), let value, let loc):
            guard case .success(let kp) = StyleKeyPath.resolve(components, in: kind) else { return self }
            guard let type = kp.valueType else { throw .notSettable(kp) }
            switch type.check(value, range: kp.property?.range) {
            case .success(let v): return .set(.keyPath(kp), v, loc)
            case .failure(let e): throw .invalidValue(e, target: kp.qualifiedName)
            }
        case .transform(.unresolved(let components), let fn, let loc):
            guard case .success(let kp) = StyleKeyPath.resolve(components, in: kind) else { return self }
            guard kp.valueType != nil else { throw .notSettable(kp) }
            return .transform(.keyPath(kp), fn, loc)
        case .when(let condition, let style, let loc) where style.hasUnresolvedPaths && style.kind !== kind:
            return .when(condition, try style.narrowed(to: kind), loc)
        default:
            return self
        }
    }
}

/// A `mver` function: the new value from the old one.
public protocol ValueTransform: AnyObject {
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value
    /// Whether the result depends on the value alone: the same value always gives the same
    /// result, and a call changes nothing else (`view` only names the view in a diagnostic).
    /// Then views of one kind that match the same rules may share what such a `mver` gave the
    /// first of them, as they share plain `set`s. False unless the transform says so.
    var dependsOnlyOnValue: Bool { get }
    /// Whether this transform gives what `other` gives for any value and view: the very same
    /// object, or (as a script's bridge can tell) one compiled from the same code that uses
    /// nothing from outside itself, as a reload makes it again. A restyle after a reload keeps
    /// the views whose rules' transforms are the same. Identity unless the transform says more.
    func doesTheSame(as other: any ValueTransform) -> Bool
}

extension ValueTransform {
    public var dependsOnlyOnValue: Bool { false }
    public func doesTheSame(as other: any ValueTransform) -> Bool { self === other }
}

/// A plain function style: runs against a view being styled.
public protocol StyleFunction: AnyObject {
    func apply(to application: StyleApplication) throws(Diagnostic)
    /// Whether this function does to any view what `other` does: the very same object, or (as
    /// a script's bridge can tell) one compiled from the same code that uses nothing from
    /// outside itself, as a reload makes it again. A restyle after a reload keeps the views
    /// whose rules' functions are the same. Identity unless the function says more.
    func doesTheSame(as other: any StyleFunction) -> Bool
}

extension StyleFunction {
    public func doesTheSame(as other: any StyleFunction) -> Bool { self === other }
}

/// What can go wrong when building a style (rendered at the call's location by the caller).
public enum StyleError: Error {
    case invalidValue(ValueError, target: String)
    case unrelatedKinds(Kind, Kind)
    case notSettable(StyleKeyPath)
    case path(StyleKeyPath.PathError)
    case condition(ConditionError)

    public var code: Diagnostic.Code {
        switch self {
        case .condition(let e): e.code
        case .invalidValue(let e, _): e.code
        case .unrelatedKinds: .kindMismatch
        case .notSettable: .typeMismatch
        case .path: .unknownProperty
        }
    }

    public var message: String {
        switch self {
        case .invalidValue(let e, let target): e.message(for: target)
        case .unrelatedKinds(let a, let b): "Cannot combine a \(a.name) style with a \(b.name) style: neither kind is a sub-kind of the other."
        case .notSettable(let kp): "'\(kp.qualifiedName)' is a sub-object and has no value of its own; set one of its properties, e.g. '\(kp.qualifiedName).\(exampleMember(kp))'."
        case .path(let e): e.message
        case .condition(let e): e.message
        }
    }

    public var suggestions: [String] {
        switch self {
        case .invalidValue(let e, _): e.suggestions
        case .path(let e): e.suggestion.map { [$0] } ?? []
        case .condition(let e): e.suggestions
        default: []
        }
    }

    private func exampleMember(_ kp: StyleKeyPath) -> String {
        if case .object(_, let k) = kp.target { return k.declarations.first?.name ?? "" }
        return ""
    }
}

extension StyleKeyPath {
    /// `Button.titleLabel.font`, as messages name it.
    public var qualifiedName: String { "\(root.name).\(path)" }
}
