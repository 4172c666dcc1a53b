import CCacheHint

/// Whether two trees were built alike: the same kinds in the same places, with the same ids,
/// classes, own styles and literals, written at the same lines. What a view's styling depends
/// on but its stylesheet (and the state a host gives a control, `View.stateOverride`, which is
/// not compared).
///
/// A reload evaluates its script anew and gets a new tree; when that tree is built as the last
/// one was (rules, a theme or tokens edited, no view's own inputs), the reload keeps the last tree instead
/// (`LoadedStylesheet.adoptTree(of:)`), and its restyle then reaches only the views a change
/// reaches, as a host's own tree's does.
///
///     TreeInputs.same(newRoot, as: oldRoot)   // true: newRoot's tree may be dropped
public enum TreeInputs {
    /// Whether `new`'s tree was built as `old`'s was. Functions (function styles, `mver`
    /// transforms) are the same only when they are the very same objects: a new evaluation's
    /// function is never taken for the last one's, so a tree with a function in a view's own
    /// style is never the same as the last. Kinds are the very same objects too (a kind a
    /// script declares is a new one at each evaluation).
    public static func same(_ new: View, as old: View) -> Bool {
        var comparison = StyleComparison()
        // Unretained: both trees are held by the caller while they are compared, and a
        // retain and a release of every view and list was a third of the comparison.
        var pending: [(new: Unmanaged<View>, old: Unmanaged<View>)] = [(.passUnretained(new), .passUnretained(old))]
        while let (x, y) = pending.popLast() {
            // One view is built as itself, and so is all of its tree.
            if x.toOpaque() == y.toOpaque() { continue }
            // The next pair's objects were asked for when they were listed: now their lists.
            if let (nx, ny) = pending.last {
                nx._withUnsafeGuaranteedRef { $0.prefetchLists() }
                ny._withUnsafeGuaranteedRef { $0.prefetchLists() }
            }
            let same = x._withUnsafeGuaranteedRef { a in
                y._withUnsafeGuaranteedRef { b in
                    guard a.hasSameOwnInputs(as: b, &comparison) else { return false }
                    // Counts first: most views are leaves, whose lists need not be held.
                    let count = a.children.count
                    guard count == b.children.count else { return false }
                    if count == 0 { return true }
                    return a.children.withUnsafeBufferPointer { p in
                        b.children.withUnsafeBufferPointer { q in
                            guard p.count == q.count else { return false }
                            // In reverse, so that views are compared in tree order and a
                            // difference near the top of the file is found first.
                            for i in p.indices.reversed() {
                                let (x, y) = (Unmanaged.passUnretained(p[i]), Unmanaged.passUnretained(q[i]))
                                // Compared soon: their first misses overlap the work until then.
                                srhint_prefetch(x.toOpaque(), 2)
                                srhint_prefetch(y.toOpaque(), 2)
                                pending.append((x, y))
                            }
                            return true
                        }
                    }
                }
            }
            guard same else { return false }
        }
        return true
    }
}

extension View {
    /// The view's own inputs, its children aside (`TreeInputs`). A method of the view, so that
    /// its stored properties are read as they are declared, without run-time access checks.
    fileprivate func hasSameOwnInputs(as b: View, _ comparison: inout StyleComparison) -> Bool {
        guard kind === b.kind, stylesBeforeLiterals == b.stylesBeforeLiterals, id == b.id,
              classes.hasStorage(of: b.classes) || classes == b.classes else { return false }
        guard hasSameLocation(as: b) else { return false }
        // Counts first: most views have no own style, and an empty list need not be held.
        let styleCount = styles.count, literalCount = literals.count
        guard styleCount == b.styles.count, literalCount == b.literals.count else { return false }
        if styleCount > 0 {
            let sameStyles = styles.withUnsafeBufferPointer { new in
                b.styles.withUnsafeBufferPointer { old in
                    new.indices.allSatisfy { comparison.same(old.baseAddress! + $0, new.baseAddress! + $0) }
                }
            }
            guard sameStyles else { return false }
        }
        if literalCount == 0 { return true }
        return literals.withUnsafeBufferPointer { new in
            b.literals.withUnsafeBufferPointer { old in
                new.indices.allSatisfy { Literal.same(old.baseAddress! + $0, new.baseAddress! + $0) }
            }
        }
    }

    /// Asks for the storages of the lists `hasSameOwnInputs` reads.
    @inline(__always)
    fileprivate func prefetchLists() {
        prefetchStorage(literals.storageIdentity, lines: 2)
        prefetchStorage(styles.storageIdentity, lines: 1)
        prefetchStorage(classes.storageIdentity, lines: 1)
        prefetchStorage(children.storageIdentity, lines: 1)
    }

    /// The same place built at, read where the locations are: a copy of one retained its
    /// file's name and its token's texts.
    private func hasSameLocation(as b: View) -> Bool {
        withUnsafeMutablePointer(to: &location) { x in
            withUnsafeMutablePointer(to: &b.location) { y in
                let none: Bool
                switch x.pointee { case .none: none = true; case .some: none = false }
                switch y.pointee { case .none: guard none else { return false }; case .some: guard !none else { return false } }
                if none { return true }
                // An optional's payload is at its start: the locations' fields are read in
                // place, not copied out with the rest.
                let p = UnsafeRawPointer(x).assumingMemoryBound(to: SourceLocation.self)
                let q = UnsafeRawPointer(y).assumingMemoryBound(to: SourceLocation.self)
                return p.pointee.line == q.pointee.line && p.pointee.column == q.pointee.column && p.pointee.file == q.pointee.file
            }
        }
    }
}
