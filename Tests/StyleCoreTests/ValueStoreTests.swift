@testable import StyleCore
import Dispatch
import Synchronization
import XCTest

/// The cascade's value store: slots, shared and own values, and results kept per kind and
/// matches.
final class ValueStoreTests: XCTestCase {
    private let red = Value.color(Color(hex: "#FF0000")!)
    private let blue = Value.color(Color(hex: "#0000FF")!)

    func testSharedValuesAreInternedOnce() {
        let font = Value.font(Font(name: "Avenir-Heavy", size: 17, weight: .bold))
        let store = View(kind: T.label).values
        let (a, b) = (shared(font, in: store), shared(font, in: store))
        XCTAssertEqual(MemoryLayout<StoredValue>.size, 8)
        XCTAssertEqual(a.sameInPlace(as: b), true)
        XCTAssertEqual(a.sameInPlace(as: shared(.font(Font(size: 17)), in: store)), false)
        XCTAssertEqual(store.value(of: a), font)
    }

    /// `value` interned in `store`'s table.
    private func shared(_ value: Value, in store: ValueStore) -> StoredValue {
        StoredValue(interning: value, in: store.table)!
    }

    /// Values kept in place decode to themselves; those that cannot be (NaN, wide integers)
    /// are shared and still decode to themselves.
    func testValuesInPlaceRoundTrip() {
        let store = View(kind: T.label).values
        let values: [Value] = [.number(0), .number(-0.0), .number(2.5), .number(-1e300), .number(.infinity),
                               .int(0), .int(-1), .int(1 << 47 - 1), .int(-(1 << 47)), .int(Int.max), .int(Int.min),
                               .bool(true), .bool(false), .null, .string("é"), .enumCase("vertical")]
        for value in values {
            XCTAssertEqual(store.value(of: shared(value, in: store)), value, "\(value)")
        }
        XCTAssertNotNil(StoredValue(scalar: .int(1 << 47 - 1)))
        XCTAssertNil(StoredValue(scalar: .int(1 << 47)), "wider than 48 bits: shared")
        XCTAssertNil(StoredValue(scalar: .number(.nan)), "a NaN could be read as a box: shared")
        guard case .number(let nan) = store.value(of: shared(.number(.nan), in: store)) else { return XCTFail("a number") }
        XCTAssertTrue(nan.isNaN)
        XCTAssertEqual(shared(.number(0), in: store).sameInPlace(as: shared(.number(-0.0), in: store)), true)
        XCTAssertEqual(shared(.int(1), in: store).sameInPlace(as: shared(.number(1), in: store)), false)
    }

    /// Copies share one slot buffer: the first two writes to a shared buffer are kept beside
    /// it, the third copies it. Random writes and copies among a few stores, each checked
    /// against a plain array after every step: no store ever sees another's write, and the
    /// kind's defaults stay the defaults.
    func testCopiesNeverSeeEachOthersWritesWhateverTheOrder() {
        var rng = SystemRandomNumberGenerator()
        let kind = T.button
        let defaults = kind.defaultValues
        let pool: [Value] = [red, blue, .number(2), .bool(true), .null, .enumCase("center"), .int(3)]
        for round in 0..<40 {
            var stores = Array(repeating: defaults, count: 4)
            var expected = Array(repeating: Array(defaults), count: 4)
            for step in 0..<60 {
                let k = Int.random(in: 0..<4, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    let j = Int.random(in: 0..<4, using: &rng)
                    stores[k] = stores[j]
                    expected[k] = expected[j]
                case 1:
                    // A value of the store's own (a literal's text).
                    let slot = kind.property("title")!.slot
                    stores[k][slot] = .string("t\(round).\(step)")
                    expected[k][slot] = .string("t\(round).\(step)")
                default:
                    let slot = Int.random(in: 0..<defaults.count, using: &rng)
                    let value = pool.randomElement(using: &rng)!
                    stores[k].write(shared(value, in: stores[k]), at: slot)
                    expected[k][slot] = value
                }
                for i in 0..<4 {
                    XCTAssertEqual(Array(stores[i]), expected[i], "round \(round), step \(step), store \(i)")
                }
            }
            XCTAssertEqual(Array(kind.defaultValues), Array(defaults))
            XCTAssertTrue(kind.defaultValues.isSameStorage(as: View(kind: kind).values))
        }
    }

    func testOwnValuesTravelWithCopiesAndCompareByValue() {
        let label = View(kind: T.label)
        let text = T.label.property("text")!.slot, color = T.label.property("textColor")!.slot
        var store = label.values
        store[text] = .string("Ada")
        store.write(shared(red, in: store), at: color)
        let copy = store
        store[text] = .string("Grace")
        XCTAssertEqual(copy[text], .string("Ada"))
        XCTAssertEqual(store[text], .string("Grace"))
        XCTAssertEqual(copy[color], red)
        XCTAssertNotEqual(copy, store)
        // The same text as an own value of another store is the same value.
        var other = View(kind: T.label).values
        other.write(shared(red, in: other), at: color)
        other[text] = .string("Ada")
        XCTAssertEqual(copy, other)
        XCTAssertTrue(copy.sameValue(at: color, as: other))
        XCTAssertFalse(copy.sameValue(at: text, as: store))
    }

    /// A change list's slots: side by side for stores of one table, where equal bits are the
    /// same value only when both read the same own values; every other case by value. Checked
    /// against comparing each slot's decoded value, for random writes to copies and to stores of
    /// other tables.
    /// What a restyle compares a view's buffer with: the other store as it reads (its patches
    /// applied), this store's buffer without its patches, four slots at most.
    func testSlotsDifferingReadTheOthersPatchesAndStopPastFour() {
        let kind = T.label
        let defaults = View(kind: kind).values
        let alpha = kind.property("alpha")!.slot, lines = kind.property("numberOfLines")!.slot
        XCTAssertEqual(defaults.slotsDiffering(from: defaults)?.count, 0)
        var patched = defaults
        patched[alpha] = .number(0.5)
        patched[lines] = .int(3)
        func list(_ slots: FewSlots?) -> [Int]? {
            guard let slots else { return nil }
            var out: [Int] = []
            _ = slots.allSatisfy { out.append($0); return true }
            return out
        }
        XCTAssertEqual(list(defaults.slotsDiffering(from: patched)), [alpha, lines].sorted(), "the other's patches are read")
        XCTAssertEqual(list(patched.slotsDiffering(from: defaults)), [], "this store's patches are not its buffer")
        var written = defaults
        let numbers = kind.properties.indices.filter { defaults[$0] != .number(7) && kind.properties[$0].type == .number }.prefix(5)
        XCTAssertEqual(numbers.count, 5)
        for slot in numbers.prefix(4) { written[slot] = .number(7) }
        XCTAssertEqual(list(defaults.slotsDiffering(from: written)), Array(numbers.prefix(4)))
        written[numbers.last!] = .number(7)
        XCTAssertNil(defaults.slotsDiffering(from: written), "five slots differ")
        XCTAssertNil(defaults.slotsDiffering(from: View(kind: T.button).values), "another kind's store")
    }

    func testDifferingSlotsAreTheSlotsWhoseValuesDiffer() {
        let kind = T.label
        let text = kind.property("text")!.slot, color = kind.property("textColor")!.slot
        var generator = SystemRandomNumberGenerator()
        let values: [Value] = [red, blue, .number(0), .number(-0.0), .number(2), .string("Ada"), .string("Grace"), .bool(true)]
        func slots(_ a: ValueStore, _ b: ValueStore) -> [Int] {
            var out: [Int] = []
            a.differingSlots(from: b, into: &out)
            return out
        }
        func decoded(_ a: ValueStore, _ b: ValueStore) -> [Int] { a.indices.filter { a[$0] != b[$0] } }
        for _ in 0..<300 {
            var a = View(kind: kind).values
            for _ in 0..<Int.random(in: 0..<4, using: &generator) {
                a[Int.random(in: 0..<a.count, using: &generator)] = values.randomElement(using: &generator)!
            }
            // A copy, written to or not; or a store of another table (another view's).
            var b = Bool.random(using: &generator) ? a : View(kind: kind).values
            if Bool.random(using: &generator) {
                for _ in 0..<Int.random(in: 0..<4, using: &generator) {
                    b[Int.random(in: 0..<b.count, using: &generator)] = values.randomElement(using: &generator)!
                }
            }
            XCTAssertEqual(slots(a, b), decoded(a, b))
            XCTAssertEqual(slots(b, a), decoded(b, a))
        }
        // Own values of the same index in two stores of one table, different text: differ.
        var first = View(kind: kind).values, second = first
        first[text] = .string("Ada")
        second[text] = .string("Grace")
        second.write(shared(red, in: second), at: color)
        XCTAssertEqual(slots(first, second), [text, color].sorted())
        // The same own values (a view's literals adopted by both): the same, without decoding.
        var third = View(kind: kind).values, fourth = third
        let literals: [Value] = [.string("Ada")]
        XCTAssertTrue(third.adoptOwnValues(literals))
        XCTAssertTrue(fourth.adoptOwnValues(literals))
        third.write(adopted: 0, scalar: nil, at: text)
        fourth.write(adopted: 0, scalar: nil, at: text)
        XCTAssertEqual(slots(third, fourth), [])
        XCTAssertEqual(third[text], .string("Ada"))
    }

    /// A store rebased onto another result keeps its own slots (their own values still
    /// readable), takes the rest from the new base, and reports exactly the slots that changed;
    /// with one or two own slots it shares the base's buffer.
    func testRebasingKeepsOwnSlotsAndReportsWhatChanged() {
        let kind = T.button
        let title = kind.property("title")!.slot, alpha = kind.property("alpha")!.slot
        let others = (0..<kind.defaultValues.count).filter { $0 != title && $0 != alpha }
        for ownCount in 1...3 {
            var oldBase = kind.defaultValues, newBase = kind.defaultValues
            oldBase.write(shared(red, in: oldBase), at: others[0])
            oldBase.write(shared(.number(1), in: oldBase), at: others[1])
            oldBase.write(shared(.bool(true), in: oldBase), at: others[2])
            newBase.write(shared(blue, in: newBase), at: others[0])  // changed
            newBase.write(shared(.number(1), in: newBase), at: others[1])  // the same
            newBase.write(shared(.number(2), in: newBase), at: alpha)  // under an own slot
            var own = [title, alpha, others[3]]
            own.removeLast(3 - ownCount)
            var store = oldBase
            store[title] = .string("Ada")
            if ownCount > 1 { store.write(shared(.number(0.5), in: store), at: alpha) }
            if ownCount > 2 { store[others[3]] = .string("own") }
            let before = Array(store)

            var changed: [Int] = []
            store.rebase(onto: newBase, keeping: own, changed: &changed)
            var expected = Array(newBase)
            for slot in own { expected[slot] = before[slot] }
            XCTAssertEqual(Array(store), expected, "\(ownCount) own slots")
            XCTAssertEqual(changed, (0..<expected.count).filter { expected[$0] != before[$0] }, "\(ownCount) own slots")
            // Alpha is the base's to change unless the store's own layer sets it.
            XCTAssertEqual(changed, ([others[0], others[2]] + (ownCount == 1 ? [alpha] : [])).sorted(), "\(ownCount) own slots")
            XCTAssertEqual(store[title], .string("Ada"))
            XCTAssertEqual(Array(newBase)[others[0]], blue, "the base is not written")
            if ownCount <= 2 { XCTAssertTrue(store.sharesSlots(with: newBase), "\(ownCount) own slots: patches over the base") }
        }
    }

    func testProvenanceKeepsAnOverriddenOwnValue() {
        let label = View(kind: T.label, id: "a")
        let text = T.keyPath(T.label, "text")
        label.literals = [Literal(keyPath: text, value: .string("literal"), location: T.at(3))]
        label.styles = [T.mut(T.label, "text", .string("from style"), line: 4)]
        label.stylesBeforeLiterals = 0
        let sheet = Stylesheet()
        sheet.addRule("#a", T.mut(T.label, "text", .string("from rule"), line: 2))
        _ = Cascade(sheet).apply(to: label)
        XCTAssertEqual(label["text"], .string("from style"))
        let contributions = label.provenance?[text.property!.slot].dropFirst().map(\.value)
        XCTAssertEqual(contributions, [.string("from rule"), .string("literal"), .string("from style")])
    }

    /// Cousins (no common parent) with the same kind and matches take the kept result; each
    /// still applies its own layer, and a `mver` rule keeps views apart.
    func testViewsWithTheSameKindAndMatchesGetWhatEachWouldGetAlone() {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "textColor", red, line: 1))
        sheet.addRule(".card Label.title", T.concat(T.mut(T.label, "numberOfLines", .int(2), line: 2),
                                                   T.mut(T.view, "alpha", .number(0.5), line: 3), line: 2), line: 2)
        sheet.addRule(".card--wide .title", T.mut(T.label, "textColor", blue, line: 4))
        let byLiterals = try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), CountingLiterals(), root: T.view, at: T.at(5))
        sheet.addRule(".card .title.counted", byLiterals, line: 5)
        let text = T.keyPath(T.label, "text")
        func card(_ i: Int) -> View {
            let title = View(kind: T.label, classes: i >= 3 ? ["title", "counted"] : ["title"])
            if i % 2 == 0 { title.literals = [Literal(keyPath: text, value: .string("card \(i)"), location: T.at(10 + i))] }
            return T.view(T.stack, nil, i == 1 ? "card card--wide" : "card", title)
        }
        let cards = (0..<5).map(card)
        let root = View(kind: T.stack, id: "root")
        for c in cards { root.addChild(c) }
        for provenance in [true, false] {
            var cascade = Cascade(sheet)
            XCTAssertEqual(cascade.apply(to: root, recordingProvenance: provenance), [])
            let cached = cards.map { ($0.children[0].values, $0.children[0].provenance) }
            cascade.sharesStyles = false
            XCTAssertEqual(cascade.apply(to: root, recordingProvenance: provenance), [])
            for (i, c) in cards.enumerated() {
                XCTAssertEqual(c.children[0].values, cached[i].0, "card \(i)")
                XCTAssertEqual(c.children[0].provenance, cached[i].1, "card \(i)")
            }
        }
        let titles = cards.map { $0.children[0] }
        XCTAssertEqual(titles.map { $0["text"] }, [.string("card 0"), .null, .string("card 2"), .null, .string("card 4")])
        XCTAssertEqual(titles.map { $0["textColor"] }, [red, blue, red, red, red])
        XCTAssertEqual(titles.map { $0["alpha"] }, [.number(0.5), .number(0.5), .number(0.5), .number(0.25), .number(0.75)])
        XCTAssertEqual(titles[0]["numberOfLines"], .int(2))
    }
}

extension ValueStoreTests {
    /// A view's values changed from its kind's defaults are found alike whatever table they are
    /// of (the engine's after a cascade, the kind's for a view styled by hand), and a
    /// constant's key names its table.
    func testValuesChangedFromTheDefaultsAreFoundInAnyTable() throws {
        let sheet = Stylesheet()
        sheet.addRule("Label", T.concat(T.mut(T.label, "textColor", red), T.mut(T.view, "alpha", .number(0.5)),
                                        T.mut(T.label, "font", .font(Font(size: 23)))))
        let styled = View(kind: T.label), byHand = View(kind: T.label)
        XCTAssertEqual(Cascade(sheet).apply(to: styled), [])
        let application = StyleApplication(view: byHand, recordsProvenance: false)
        application.write(T.label.property("textColor")!, red, at: nil)
        application.write(T.view.property("alpha")!, .number(0.5), at: nil)
        application.write(T.label.property("font")!, .font(Font(size: 23)), at: nil)
        var keys: [ConstantKey?] = []
        for view in [styled, byHand] {
            var found: [Int] = []
            view.forEachValueChangedFromDefault { slot, constant, value in
                found.append(slot)
                XCTAssertEqual(value(), view.values[slot])
                if view === styled { keys.append(constant) }
            }
            let expected = T.label.properties.filter { view.values[$0.slot] != $0.viewDefault }.map(\.slot)
            XCTAssertEqual(found, expected, view === styled ? "styled" : "by hand")
        }
        XCTAssertTrue(keys.contains { $0?.table == ObjectIdentifier(styled.values.table) }, "a shared constant names its table")
    }

    /// Threads interning and reading one table at once each read back exactly what they
    /// interned, and equal values get one index.
    func testInterningFromManyThreadsAtOnce() {
        let threads = 8, perThread = 3_000
        let table = ValueTable()
        let store = ValueStore(defaults: [.null], table: table)
        let results = Mutex([Bool](repeating: false, count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var ok = true
            for i in 0..<perThread {
                // Half the values are shared between threads, half are the thread's own.
                let text = i % 2 == 0 ? "shared \(i)" : "thread \(t) value \(i)"
                let stored = StoredValue(interning: .string(text), in: table)!
                ok = ok && store.value(of: stored) == .string(text)
                ok = ok && stored.sameInPlace(as: StoredValue(interning: .string(text), in: table)!) == true
            }
            results.withLock { $0[t] = ok }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: true, count: threads))
    }

    /// A failed styling leaves every view as it was: a view styled before keeps its values and
    /// provenance, one never styled keeps its kind's defaults.
    func testAFailedStylingRestoresStyledAndFreshViews() {
        let styled = View(kind: T.label, id: "styled"), fresh = View(kind: T.label, id: "fresh")
        let root = T.view(T.stack, "root", "", styled)
        let good = Stylesheet()
        good.addRule("#styled", T.mut(T.label, "textColor", red, line: 1))
        XCTAssertEqual(Cascade(good).apply(to: root), [])
        root.addChild(fresh)
        let before = (styled.values, styled.provenance)
        let bad = Stylesheet()
        bad.addRule("Label", T.mut(T.label, "textColor", blue, line: 2))
        bad.addRule("#fresh", T.function(T.label, line: 3) { _ throws(Diagnostic) in
            throw Diagnostic(.typeMismatch, "a failing style", at: T.at(3))
        })
        XCTAssertFalse(Cascade(bad).apply(to: root).isEmpty)
        XCTAssertEqual(styled.values, before.0)
        XCTAssertEqual(styled.provenance, before.1)
        XCTAssertEqual(styled["textColor"], red)
        XCTAssertEqual(fresh.values, View(kind: T.label).values)
        XCTAssertNil(fresh.provenance)
    }

    /// A view's literals become its own values by sharing one array the view keeps (nothing
    /// copied per styling); a literal changed since is read anew, and a style that wrote own
    /// values before the literals keeps them apart.
    func testLiteralsAreTheViewsOwnValuesWithoutACopy() throws {
        let text = T.label.property("text")!.slot, font = T.label.property("font")!.slot
        let alpha = T.label.property("alpha")!.slot, color = T.label.property("textColor")!.slot
        let label = View(kind: T.label, id: "title")
        try label.set("text", .string("Ada"))
        try label.set("alpha", .number(0.5))
        let root = T.view(T.stack, "root", "", label)
        let sheet = Stylesheet()
        sheet.addRule("Label", T.mut(T.label, "textColor", red, line: 1))
        for provenance in [false, false, true] {
            XCTAssertEqual(Cascade(sheet).apply(to: root, recordingProvenance: provenance), [])
            XCTAssertEqual(label.values[text], .string("Ada"))
            XCTAssertEqual(label.values[alpha], .number(0.5))
            XCTAssertEqual(label.values[color], red)
            XCTAssertTrue(label.values.sharesOwnValues(with: label.literalValues), "styled with provenance: \(provenance)")
        }
        XCTAssertEqual(label.provenance?[text].last?.value, .string("Ada"))

        // Content changed after styling is what the next styling writes.
        try label.set("text", .string("Grace"))
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(label.values[text], .string("Grace"))
        XCTAssertTrue(label.values.sharesOwnValues(with: label.literalValues))

        // A style before the literals that makes a value of its own: both kept, apart.
        label.styles = [T.mver(T.label, "font", line: 2) { old in
            guard case .font(let f) = old else { return old }
            return .font(f.withSize(20))
        }]
        for provenance in [false, true] {
            XCTAssertEqual(Cascade(sheet).apply(to: root, recordingProvenance: provenance), [])
            XCTAssertEqual(T.font(label.values[font])?.size, 20)
            XCTAssertEqual(label.values[text], .string("Grace"))
            XCTAssertFalse(label.values.sharesOwnValues(with: label.literalValues))
        }

        // Literals that are all kept in place share nothing.
        let plain = View(kind: T.label)
        try plain.set("alpha", .number(0.25))
        XCTAssertEqual(Cascade(sheet).apply(to: plain), [])
        XCTAssertEqual(plain.values[alpha], .number(0.25))
        XCTAssertTrue(plain.values.holdsOnlySharedValues)
    }
}

/// `mver` of alpha that depends on whether the view has literals.
private final class CountingLiterals: ValueTransform {
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        .number(view.literals.isEmpty ? 0.25 : 0.75)
    }
}
