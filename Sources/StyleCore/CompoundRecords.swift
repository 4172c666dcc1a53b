/// The rule index's complex selectors as matching reads them: each compound a record of plain
/// numbers (its kind's identity, its id's and classes' keys, its states), one selector's after
/// another in one array, so that testing a candidate copies and retains nothing.
///
/// `CompoundSelector` holds its kind, names and keys as references and arrays: reading one out
/// of a selector's compounds copied it, retaining each, for every candidate of every view. Keys
/// are equal exactly when names are (`AncestorFilter.key(class:)`), so the records decide a
/// match alone.
///
///     var records = CompoundRecords()
///     let span = records.append(complex)         // where its compounds are
///     records.matches(span, view)                // complex.matches(view)
struct CompoundRecords {
    /// One compound: what `CompoundSelector.matches` tests.
    struct Record {
        /// Nil for no kind.
        let kindID: ObjectIdentifier?
        /// The id's key; 0 for no id (no name has key 0: `AncestorFilter.key(id:)`).
        let idKey: Int
        /// The first three classes' keys (0 past `classCount`); more are in `extraKeys`.
        let class0: Int, class1: Int, class2: Int
        let classCount: Int32
        /// Where the classes past the third start in `extraKeys`.
        let extraStart: Int32
        let states: ControlState
        let requiresNormal: Bool
        /// Whether the combinator joining this compound to the one on its left is `>`.
        let childOfLeft: Bool

        static let inlineClasses = 3
    }

    /// Where one complex selector's records are.
    struct Span {
        let start: Int32
        let count: Int32
    }

    private(set) var records: [Record] = []
    private(set) var extraKeys: [Int] = []
    /// Each record's id and classes as names, by record: a key two names may share, so a
    /// record whose keys a view has is confirmed by these.
    private(set) var names: [Names] = []

    /// A compound's id and classes, to confirm its keys by.
    struct Names {
        let id: String?
        let classes: [String]
    }

    /// Appends `selector`'s compounds, left to right.
    mutating func append(_ selector: ComplexSelector) -> Span {
        let start = records.count
        for (i, compound) in selector.compounds.enumerated() {
            let keys = compound.classKeys
            let extraStart = extraKeys.count
            if keys.count > Record.inlineClasses { extraKeys += keys[Record.inlineClasses...] }
            records.append(Record(
                kindID: compound.kind.map(ObjectIdentifier.init),
                idKey: compound.id.map(AncestorFilter.key(id:)) ?? 0,
                class0: keys.count > 0 ? keys[0] : 0, class1: keys.count > 1 ? keys[1] : 0,
                class2: keys.count > 2 ? keys[2] : 0,
                classCount: Int32(keys.count), extraStart: Int32(extraStart),
                states: compound.states, requiresNormal: compound.requiresNormal,
                childOfLeft: i > 0 && selector.combinators[i - 1] == .child))
            names.append(Names(id: compound.id, classes: compound.classes))
        }
        return Span(start: Int32(start), count: Int32(records.count - start))
    }

    /// Whether the selector at `span` matches `view`: `ComplexSelector.matches`.
    func matches(_ span: Span, _ view: View) -> Bool {
        withReader { $0.matches(span, view) }
    }

    /// Calls `body` with the records read in place: a caller testing many candidates takes the
    /// arrays' storage once, not once per candidate.
    @inline(__always)
    func withReader<R>(_ body: (Reader) -> R) -> R {
        records.withUnsafeBufferPointer { records in
            extraKeys.withUnsafeBufferPointer { extra in
                names.withUnsafeBufferPointer { names in body(Reader(records: records, extra: extra, names: names)) }
            }
        }
    }

    /// The records, read in place for the length of `withReader`.
    struct Reader {
        let records: UnsafeBufferPointer<Record>
        let extra: UnsafeBufferPointer<Int>
        let names: UnsafeBufferPointer<Names>

        /// Whether the selector at `span` matches `view`, its ancestors searched.
        func matches(_ span: Span, _ view: View) -> Bool {
            let first = Int(span.start), last = first + Int(span.count) - 1
            // Most selectors are one compound: no ancestors to search.
            if first == last { return CompoundRecords.matches(records[first], names.baseAddress! + first, view, extra, confirms: true) }
            var search = Search()
            // The walk holds views unretained: `view` and its ancestors outlive the match.
            return CompoundRecords.matches(records, names, extra, first, last, Unmanaged.passUnretained(view), &search)
        }

        /// Whether `view` matches `record`, a copy of record `i` (the subject of a candidate,
        /// kept where its bucket is read). `confirms`: whether a key the view shares with the
        /// record is confirmed by the names (`RuleIndex.ExactNames`).
        @inline(__always)
        func matches(_ record: Record, at i: Int, _ view: View, confirms: Bool) -> Bool {
            CompoundRecords.matches(record, names.baseAddress! + i, view, extra, confirms: confirms)
        }

        /// Whether `view` matches the compound of record `i`.
        @inline(__always)
        func matches(record i: Int, _ view: View, confirms: Bool) -> Bool {
            CompoundRecords.matches(records[i], names.baseAddress! + i, view, extra, confirms: confirms)
        }

        /// Record `i`.
        subscript(i: Int) -> Record { records[i] }
    }

    @inline(__always)
    fileprivate static func matches(_ r: Record, _ names: UnsafePointer<Names>, _ view: View, _ extra: UnsafeBufferPointer<Int>,
                                    confirms: Bool) -> Bool {
        if let kindID = r.kindID, !view.kind.isA(id: kindID) { return false }
        if r.idKey != 0 || r.classCount > 0 {
            let keys = view.selectorKeys
            if r.idKey != 0, keys.id != r.idKey { return false }
            if r.classCount > 0 {
                let classes = keys.classes
                if !classes.contains(r.class0) { return false }
                if r.classCount > 1, !classes.contains(r.class1) { return false }
                if r.classCount > 2, !classes.contains(r.class2) { return false }
                if r.classCount > 3 {
                    let start = Int(r.extraStart)
                    for key in extra[start..<start + Int(r.classCount) - Record.inlineClasses] where !classes.contains(key) {
                        return false
                    }
                }
            }
            // Every key is there; two names may share a key, so the names confirm them, unless
            // the caller knows the view's names are the only ones of their keys.
            // Read in place: a copy of the names would retain them at every record tested.
            if confirms {
                if r.idKey != 0, view.id != names.pointee.id { return false }
                if r.classCount > 0, !CompoundSelector.hasClasses(names.pointee.classes, view) { return false }
            }
        }
        if r.requiresNormal { return view.state.isEmpty }
        return r.states.isEmpty || view.state.isSuperset(of: r.states)
    }

    /// The state of one match. Descendant combinators backtrack: `A B B B … B C` against a deep
    /// chain of views would try every way of placing the compounds on the ancestors, which is
    /// exponential in their number. Each (compound, view) pair that failed is remembered once the
    /// search has taken more than a few steps, so a match costs at most compounds × depth.
    fileprivate struct Search {
        struct Key: Hashable {
            let compound: Int
            let view: UnsafeMutableRawPointer
        }
        var steps = 0
        /// Made once the search remembers: an empty set made for every match was retained and
        /// released at every candidate tested.
        var failed: Set<Key>?
        static let stepsBeforeMemo = 64
    }

    /// Whether records `first...i` match with record `i` on `view`.
    fileprivate static func matches(_ records: UnsafeBufferPointer<Record>, _ names: UnsafeBufferPointer<Names>,
                                _ extra: UnsafeBufferPointer<Int>,
                                _ first: Int, _ i: Int, _ view: Unmanaged<View>, _ search: inout Search) -> Bool {
        // Not retained: the caller keeps the view alive, and its ancestors with it.
        unowned(unsafe) let v = view.takeUnretainedValue()
        guard matches(records[i], names.baseAddress! + i, v, extra, confirms: true) else { return false }
        guard i > first else { return true }
        if records[i].childOfLeft {
            guard let parent = v.unretainedParent else { return false }
            return matches(records, names, extra, first, i - 1, parent, &search)
        }
        var ancestor = v.unretainedParent
        while let a = ancestor {
            search.steps += 1
            let remembers = search.steps > Search.stepsBeforeMemo
            let key = Search.Key(compound: i - 1, view: a.toOpaque())
            if !(remembers && search.failed?.contains(key) == true) {
                if matches(records, names, extra, first, i - 1, a, &search) { return true }
                if remembers {
                    if search.failed == nil { search.failed = [] }
                    search.failed!.insert(key)
                }
            }
            unowned(unsafe) let up = a.takeUnretainedValue()
            ancestor = up.unretainedParent
        }
        return false
    }
}
