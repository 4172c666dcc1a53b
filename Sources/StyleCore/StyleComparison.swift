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

    init(functionsByWhatTheyDo: Bool = false) {
        self.functionsByWhatTheyDo = functionsByWhatTheyDo
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
        guard a.pointee.kind === b.pointee.kind, a.pointee.location == b.pointee.location, a.pointee.name == b.pointee.name,
              a.pointee.attachment == b.pointee.attachment else { return false }
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
        return sameSteps(a.pointee, b.pointee)
    }

    /// The pair of storages `same(_:_:)` last found in `sameStorages`.
    private var lastSame: Pair?

    /// The same operations in the same order: values, paths and lines equal, and the very same
    /// functions (a function from another evaluation may do anything, so it counts as changed).
    /// Two `concat`s split differently are told apart even when their operations agree: the
    /// answer errs only towards restyling.
    mutating func sameSteps(_ a: Style, _ b: Style) -> Bool {
        guard a.count == b.count else { return false }
        if a.count == 0 { return true }
        guard let x = a.storageIdentity, let y = b.storageIdentity else { return false }
        if x == y { return true }  // one storage: the same style, or a copy of it
        let pair = Pair(old: x, new: y)
        if sameStorages.contains(pair) { return true }
        let found: Bool
        if let p = a.storedParts, let q = b.storedParts {
            found = p.count == q.count && p.indices.allSatisfy { sameSteps(p[$0], q[$0]) }
        } else if let p = a.storedOperations, let q = b.storedOperations {
            found = sameOperations(p, q)
        } else {
            found = sameOperations(a.operations, b.operations)
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
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for i in x.indices where !sameOperation(x.baseAddress! + i, y.baseAddress! + i) { return false }
                return true
            }
        }
    }

    private mutating func sameOperation(_ p: UnsafePointer<StyleOperation>, _ q: UnsafePointer<StyleOperation>) -> Bool {
        switch p.pointee {
        case .set(let path, let v, let l):
            guard case .set(let other, let w, let m) = q.pointee else { return false }
            return l == m && path == other && v == w
        case .transform(let path, let f, let l):
            guard case .transform(let other, let g, let m) = q.pointee else { return false }
            return (f === g || functionsByWhatTheyDo && f.doesTheSame(as: g)) && l == m && path == other
        case .function(let f, let l):
            guard case .function(let g, let m) = q.pointee else { return false }
            return (f === g || functionsByWhatTheyDo && f.doesTheSame(as: g)) && l == m
        case .when(let c, let s, let l):
            guard case .when(let d, let t, let m) = q.pointee else { return false }
            return l == m && c == d && same(s, t)
        }
    }
}
