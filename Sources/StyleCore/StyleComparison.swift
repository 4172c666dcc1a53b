/// Whether two styles run the same steps: a restyle's test of a rule, an appearance or a view's
/// own style against the one it had before a reload (`RestylePlan`).
///
/// A re-evaluated script makes new copies of all its styles. A `concat` shared by many rules (a
/// block's base style in every one of its modifiers' rules) is compared once, not once per rule:
/// pairs of storages found the same are remembered, and a `concat` is compared part by part
/// with its counterpart rather than flattened into one array each time.
///
///     var comparison = StyleComparison()
///     comparison.same(oldRule.style, newRule.style)
///
/// Storages are named by address: the styles compared must outlive the comparison.
///
/// Functions and `mver` transforms are the same when they are the very same objects; with
/// `functionsByWhatTheyDo`, also when they say they do the same (`StyleFunction.doesTheSame`:
/// a reload's copy of a self-contained Lua function). A restyle pairs rules and keeps views
/// that way; an index keeps a former prepared style only for the very same functions, since
/// the former ones belong to an evaluation that a reload lets go.
struct StyleComparison {
    private var sameStorages: Set<Pair> = []
    let functionsByWhatTheyDo: Bool

    /// How the lines of the edited files moved since the old styles were made: an old
    /// location is the new one it maps to. Nil: locations are compared as they are.
    let lines: LineMap?

    init(functionsByWhatTheyDo: Bool = false, lines: LineMap? = nil) {
        self.functionsByWhatTheyDo = functionsByWhatTheyDo
        self.lines = lines.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether `old`, a location of the old styles, is `new` (`lines`).
    @inline(__always)
    func same(_ old: SourceLocation, _ new: SourceLocation) -> Bool {
        guard let lines else { return old == new }
        return lines.maps(old, to: new)
    }

    private func same(_ old: StyleAttachment?, _ new: StyleAttachment?) -> Bool {
        guard let lines else { return old == new }
        switch (old, new) {
        case (nil, nil): return true
        case let (x?, y?): return x.way == y.way && lines.maps(x.location, to: y.location)
        default: return false
        }
    }

    private struct Pair: Hashable {
        let old: UnsafeRawPointer
        let new: UnsafeRawPointer
    }

    /// The same steps, and the same origin (kind, place, name, attachment: what provenance
    /// shows of a style).
    mutating func same(_ a: Style, _ b: Style) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in same(a, b) } }
    }

    /// `same(_:_:)` of two styles compared where they are (a view's own styles, in their
    /// lists): a style copied out of its list retained its kind, names, locations and storage.
    mutating func same(_ a: UnsafePointer<Style>, _ b: UnsafePointer<Style>) -> Bool {
        guard a.pointee.kind === b.pointee.kind, same(a.pointee.location, b.pointee.location), a.pointee.name == b.pointee.name,
              same(a.pointee.attachment, b.pointee.attachment) else { return false }
        // Most views of a re-evaluated tree carry a style that many views share, compared
        // already: the pair found last, or one remembered, answers without the style copied.
        if a.pointee.count == b.pointee.count, let x = a.pointee.storageIdentity, let y = b.pointee.storageIdentity {
            let pair = Pair(old: x, new: y)
            if x == y || pair == lastSame { return true }
            if sameStorages.contains(pair) {
                lastSame = pair
                return true
            }
        }
        return sameSteps(a, b)
    }

    /// The pair of storages `same(_:_:)` last found in `sameStorages`.
    private var lastSame: Pair?

    /// The same operations in the same order: values, paths and lines equal, and the very same
    /// functions (a function from another evaluation may do anything, so it counts as changed).
    /// Two `concat`s split differently are told apart even when their operations agree: the
    /// answer errs only towards restyling.
    mutating func sameSteps(_ a: Style, _ b: Style) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in sameSteps(a, b) } }
    }

    /// `sameSteps(_:_:)` of styles read where they are (a `concat`'s parts in their list): a
    /// part copied out of its list retained its kind, names, locations and storage.
    private mutating func sameSteps(_ a: UnsafePointer<Style>, _ b: UnsafePointer<Style>) -> Bool {
        guard a.pointee.count == b.pointee.count else { return false }
        if a.pointee.count == 0 { return true }
        guard let x = a.pointee.storageIdentity, let y = b.pointee.storageIdentity else { return false }
        if x == y { return true }  // one storage: the same style, or a copy of it
        let pair = Pair(old: x, new: y)
        if sameStorages.contains(pair) { return true }
        let found: Bool
        if let p = a.pointee.storedParts, let q = b.pointee.storedParts {
            found = p.count == q.count && p.withUnsafeBufferPointer { p in
                q.withUnsafeBufferPointer { q in p.indices.allSatisfy { sameSteps(p.baseAddress! + $0, q.baseAddress! + $0) } }
            }
        } else if let p = a.pointee.storedOperations, let q = b.pointee.storedOperations {
            found = sameOperations(p, q)
        } else {
            found = sameOperations(a.pointee.operations, b.pointee.operations)
        }
        if found {
            // Room for a stylesheet's rules and their parts, made at the first pair found the
            // same: growing the set from empty rehashed it again and again while a reload's
            // rules were paired, and most comparisons (a trait change's) find none.
            if sameStorages.isEmpty { sameStorages.reserveCapacity(1024) }
            sameStorages.insert(pair)
        }
        return found
    }

    /// Operations compared where they are: a pair of them copied out of their arrays retained
    /// every path, value and file name in both.
    private mutating func sameOperations(_ a: [StyleOperation], _ b: [StyleOperation]) -> Bool {
        guard a.count == b.count else { return false }
        // Each operation passed where it is in its array (borrowed, not copied out).
        for i in a.indices where !a[i].isSame(as: b[i], comparison: &self) { return false }
        return true
    }
}

extension StyleOperation {
    /// `StyleComparison`'s test of one operation against its former self, on both borrowed: a
    /// switch over an operation read through a pointer copied it whole (every path, value and
    /// file name retained) before comparing a field.
    fileprivate borrowing func isSame(as other: borrowing StyleOperation, comparison: inout StyleComparison) -> Bool {
        switch self {
        case .set(let path, let v, let l):
            switch other {
            case .set(let otherPath, let w, let m): return comparison.same(l, m) && path == otherPath && v == w
            default: return false
            }
        case .transform(let path, let f, let l):
            switch other {
            case .transform(let otherPath, let g, let m):
                return (f === g || comparison.functionsByWhatTheyDo && f.doesTheSame(as: g)) && comparison.same(l, m) && path == otherPath
            default: return false
            }
        case .function(let f, let l):
            switch other {
            case .function(let g, let m): return (f === g || comparison.functionsByWhatTheyDo && f.doesTheSame(as: g)) && comparison.same(l, m)
            default: return false
            }
        case .when(let c, let s, let l):
            switch other {
            case .when(let d, let t, let m): return comparison.same(l, m) && c == d && comparison.same(s, t)
            default: return false
            }
        }
    }
}
