@testable import StyleCore
import XCTest

/// The engine (`Cascade.apply`, with and without sharing, and `Cascade.restyle` after each
/// edit) and `ReferenceCascade` agree on random worlds: every value, every provenance record,
/// every diagnostic, and a failed styling leaves every tree as it was.
///
/// A failure names its seed; `STYLERUN_REFERENCE_SEED=17 swift test --filter ReferenceCascadeTests`
/// runs that seed alone.
final class ReferenceCascadeTests: XCTestCase {
    static let seeds = 1...120
    static let steps = 8

    func testTheEngineAgreesWithTheReferenceAfterRandomEdits() {
        var seeds = Self.seeds
        if let replay = ProcessInfo.processInfo.environment["STYLERUN_REFERENCE_SEED"].flatMap(Int.init) { seeds = replay...replay }
        let run = Self.compare(seeds: seeds)
        for disagreement in run.disagreements { XCTFail(disagreement) }
        // The property held for what it is about, not only for trees nothing styles.
        guard seeds.count > 1 else { return }
        XCTAssertGreaterThan(run.styled, 450, "steps styled without an error")
        XCTAssertGreaterThan(run.failed, 110, "steps that failed and left the trees as they were")
        XCTAssertGreaterThan(run.partial, 110, "restyles of part of the tree")
        XCTAssertGreaterThan(run.warnings, 150, "steps with a warning (overridden-literal)")
        XCTAssertGreaterThan(run.functionWrites, 1500, "values a function style wrote")
        XCTAssertGreaterThan(run.withoutProvenance, 110, "steps styled without recording provenance")
        XCTAssertGreaterThan(run.stateDependent, 100, "views whose values a pseudo-class or a state's when changed")
        XCTAssertGreaterThan(run.traitDependent, 100, "steps styled under traits other than the defaults")
    }

    /// A one-off styling of a tree whose first views hardly repeat one another's stops grouping
    /// the rest into match contexts part way (`Cascade.repetitionSample`), and gives what the
    /// reference gives; the engine then knows the tree's views hardly repeat. A tree whose views
    /// repeat goes on grouping them.
    func testAOneOffStylingThatStopsGroupingViewsAgreesWithTheReference() {
        let sheet = Stylesheet()
        for k in 0..<40 { sheet.addRule(".s\(k) .c\(k % 7)", T.mut(T.label, "textColor", World.colors[k % 3]), line: 10 + k) }
        for k in 0..<31 { sheet.addRule(".d\(k)", T.mut(T.view, "alpha", .number(Double(k) / 31)), line: 60 + k) }
        sheet.addRule("Label", T.mut(T.label, "text", .string("x")), line: 100)
        // Not repeating: the first 26 sections' views (more than the sample) are each a context
        // of their own, and the last 14 sections repeat one another's, which a styling that went
        // on grouping would have counted as few contexts.
        for repeating in [false, true] {
            let root = Self.sections { section, n in
                let alike = repeating || section >= 26
                return alike ? ("s1", "c1 d2") : ("s\(section)", "c\(n % 7) d\(n % 31)")
            }
            let engine = StyleEngine(sheet)
            let count = assertOneOffStylingAgrees(engine, sheet, root)
            if repeating {
                XCTAssertLessThan(engine.lastContextCount, 10, "views that repeat are grouped to the end")
            } else {
                XCTAssertEqual(engine.lastContextCount, count, "the tree's views hardly repeat")
                XCTAssertTrue(Cascade.contextsHardlyRepeat(in: engine))
            }
        }
    }

    /// A one-off styling whose first views hardly take another's result (each matches rules of
    /// its own) keeps no more results part way (`Cascade.repetitionSample`), and gives what the
    /// reference gives all the same, views after the sample that would have shared a result
    /// included. The next one-off styling finds the results kept before the stop and keeps
    /// every one; a tree whose views share results keeps them to the end.
    func testAOneOffStylingThatStopsKeepingResultsAgreesWithTheReference() {
        let sheet = Stylesheet()
        // 64 × 31 pairs of rules: a view of classes "a\(i) b\(j)" matches a pair no other view
        // of the first part matches.
        for k in 0..<64 { sheet.addRule(".a\(k)", T.mut(T.label, "textColor", World.colors[k % 3]), line: 10 + k) }
        for k in 0..<31 { sheet.addRule(".b\(k)", T.mut(T.view, "alpha", .number(Double(k) / 31)), line: 80 + k) }
        sheet.addRule("Label", T.mut(T.label, "text", .string("x")), line: 120)
        for sharing in [false, true] {
            let engine = StyleEngine(sheet)
            for round in 1...3 {
                // The last 14 sections' views are alike: they would share one result.
                let root = Self.sections { section, n in ("", sharing || section >= 26 ? "a1 b2" : "a\(n % 64) b\(n / 64)") }
                assertOneOffStylingAgrees(engine, sheet, root)
                let kept = engine.matchedResults?.count ?? 0
                if sharing {
                    XCTAssertLessThan(kept, 10, "views that share results share them to the end")
                } else if round == 1 {
                    // The root, its first sections' stacks and views up to the sample.
                    XCTAssertLessThan(kept, Cascade.repetitionSample, "no result is kept after the sample")
                } else {
                    // Every distinct view of the first part, and the one result of the rest.
                    XCTAssertGreaterThan(kept, 26 * 40, "a later styling that takes the kept results keeps them all")
                }
            }
        }
    }

    /// A root of 40 sections of 40 labels (more views than `Cascade.repetitionSample`); `classes`
    /// gives each section's stack its classes and the `n`th label of the tree its own.
    private static func sections(_ classes: (_ section: Int, _ n: Int) -> (stack: String, label: String)) -> View {
        let root = T.view(T.stack, "root", "")
        for section in 0..<40 {
            let stack = T.view(T.stack, nil, classes(section, section * 40).stack)
            for row in 0..<40 { stack.addChild(T.view(T.label, nil, classes(section, section * 40 + row).label)) }
            root.addChild(stack)
        }
        return root
    }

    /// Styles `root` once with `engine`, as a one-off styling, and checks every view's values and
    /// provenance against the reference's styling of a copy; returns how many views there are.
    @discardableResult
    private func assertOneOffStylingAgrees(_ engine: StyleEngine, _ sheet: Stylesheet, _ root: View,
                                           file: StaticString = #filePath, line: UInt = #line) -> Int {
        let reference = World.copyOf(root)
        XCTAssertEqual(Cascade(engine).apply(to: root), ReferenceCascade(sheet).apply(to: reference), file: file, line: line)
        let count = World.views(root).count
        XCTAssertGreaterThan(count, Cascade.repetitionSample, file: file, line: line)
        for (got, expected) in zip(World.views(root), World.views(reference)) {
            XCTAssertEqual(got.values, expected.values, got.reference, file: file, line: line)
            XCTAssertEqual(got.provenance, expected.provenance, got.reference, file: file, line: line)
        }
        return count
    }

    /// The test of the test: with a cache broken on purpose, the comparison finds a difference.
    func testABrokenCacheIsFound() {
        for fault in [CascadeFault.resultsIgnoreMatches, .contextsIgnoreParents, .restyleIgnoresChangedRules, .resultsIgnoreState] {
            let run = Self.compare(seeds: 1...60, fault: fault, stopAtFirst: true)
            XCTAssertFalse(run.disagreements.isEmpty, "\(fault) goes unnoticed")
            XCTAssertTrue(run.disagreements.first?.hasPrefix("seed ") ?? false, run.disagreements.first ?? "")
        }
    }

    /// A view whose rule fails with a diagnostic another view reported already (the same
    /// message: the same rule on a view of the same description) gets no kept result: a view
    /// taking it would not report its own failure, in this cascade or a later one of the
    /// stylesheet, and the tree would be styled as if nothing had failed.
    func testAFailureReportedBeforeIsNotKeptAsAResult() {
        let sheet = Stylesheet()
        sheet.addRule(".d", try! Style.mut(.unresolved(["text"]), .string("u"), root: T.view, at: T.at(3)), line: 3)
        let root = T.view(T.stack, nil, "", T.view(T.view, nil, "d"), T.view(T.view, nil, "d"), T.view(T.view, "x", "d"))
        let expected = ReferenceCascade(sheet).apply(to: World.copyOf(root))
        XCTAssertEqual(expected.map(\.message), ["View has no property 'text'. (applied to View.d)",
                                                 "View has no property 'text'. (applied to View#x.d)"])
        XCTAssertEqual(Cascade(sheet).apply(to: root), expected)
        XCTAssertEqual(Cascade(sheet).apply(to: root), expected, "a later cascade of the stylesheet")
    }

    /// A budget already spent stops both at the first view, with one diagnostic, and the tree
    /// is left as it was.
    func testASpentBudgetStopsBothAlike() {
        let world = World.varied(seed: 3)
        var random = world
        let root = random.randomTree(20)
        let sheet = world.stylesheet()
        func spent() -> CascadeBudget { CascadeBudget(seconds: 0, memory: 1 << 30, start: .now.advanced(by: .seconds(-1))) }
        let reference = World.copyOf(root), engine = World.copyOf(root)
        let expected = ReferenceCascade(sheet).apply(to: reference, budget: spent())
        XCTAssertEqual(expected.map(\.code), [.limitExceeded])
        XCTAssertEqual(Cascade(sheet).apply(to: engine, budget: spent()), expected)
        for view in World.views(reference) + World.views(engine) {
            XCTAssertEqual(view.values, view.kind.defaultValues)
            XCTAssertNil(view.provenance)
        }
    }

    /// The reference as REFERENCE §1.6 states it, on a case worked out by hand: appearances by
    /// kind depth then order, rules by specificity then order whatever their source order, the
    /// view's constructor styles, literals, then later styles (a `mver` transforming the literal).
    func testTheReferenceFollowsTheStatedOrder() {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.view, "alpha", .number(0.1), line: 1))
        sheet.addAppearance(T.view, T.mut(T.view, "alpha", .number(0.2), line: 2))  // a super-kind: first
        sheet.addRule("#t", T.mut(T.view, "alpha", .number(0.3), line: 3))
        sheet.addRule("Label.x", T.mut(T.view, "alpha", .number(0.4), line: 4))
        sheet.addRule(".x", T.mut(T.view, "alpha", .number(0.5), line: 5))
        let label = T.view(T.label, "t", "x")
        label.styles = [T.mut(T.view, "alpha", .number(0.6), line: 6), T.mver(T.view, "alpha", line: 7) { v in
            if case .number(let x) = v { return .number(x / 2) } else { return v }
        }]
        label.stylesBeforeLiterals = 1
        label.literals = [Literal(keyPath: T.keyPath(T.view, "alpha"), value: .number(0.8), location: T.at(8))]
        XCTAssertEqual(ReferenceCascade(sheet).apply(to: label), [])
        XCTAssertEqual(label.provenance?[T.keyPath(T.view, "alpha").property!.slot].map(\.location?.line), [nil, 2, 1, 5, 4, 3, 6, 8, 7])
        XCTAssertEqual(label["alpha"], .number(0.4))
    }

    // MARK: The comparison

    struct Run {
        var disagreements: [String] = []
        var styled = 0, failed = 0, partial = 0, warnings = 0, functionWrites = 0, withoutProvenance = 0
        var stateDependent = 0, traitDependent = 0
    }

    /// Runs the worlds of `seeds`, each edited `steps` times, comparing the engine with the
    /// reference after each edit; `fault` breaks a cache of the engine's.
    static func compare(seeds: ClosedRange<Int>, fault: CascadeFault? = nil, stopAtFirst: Bool = false) -> Run {
        var run = Run()
        var traits = Traits()
        func engine(_ sheet: Stylesheet, sharing: Bool = true) -> Cascade { engine(StyleEngine(sheet, traits: traits), sharing: sharing) }
        func engine(_ styleEngine: StyleEngine, sharing: Bool = true) -> Cascade {
            var cascade = Cascade(styleEngine)
            cascade.sharesStyles = sharing
            cascade.fault = fault
            return cascade
        }
        for seed in seeds {
            var world = World.varied(seed: seed)
            let recording = world.random.chance(75)
            var root = world.randomTree(20 + world.random.int(40))
            var sheet = world.stylesheet()
            // Engines kept from step to step, adopting each edited stylesheet (as the watch and a
            // host do); on odd seeds the restyle is a one-off cascade's, after a tree another
            // engine styled.
            traits = world.traits
            let applying = StyleEngine(sheet, traits: traits), restyling = StyleEngine(sheet, traits: traits)
            let keepsRestyling = seed % 2 == 0
            var styled = engine(restyling).restyle(root, after: nil, recordingProvenance: recording).styled
            for step in 0..<steps {
                let context = "seed \(seed), step \(step)"
                let before = TreeSnapshot(root)
                if world.edit(root) {
                    sheet = world.stylesheet()
                    applying.adopt(sheet)
                    restyling.adopt(sheet)
                }
                // The traits an edit may have changed: the engines style for them from now on.
                traits = world.traits
                applying.traits = traits
                restyling.traits = traits
                let reference = World.copyOf(root)
                let expected = ReferenceCascade(sheet, traits: traits).apply(to: reference, recordingProvenance: recording)
                let failed = expected.contains { $0.severity == .error }

                var found: [String] = []
                func check(_ name: String, _ tree: View, _ diagnostics: [Diagnostic], unstyled: [(ValueStore, [[Contribution]]?)]) {
                    guard diagnostics == expected else {
                        found.append("\(context): \(name) reports \(diagnostics), the reference \(expected)")
                        return
                    }
                    let views = World.views(tree)
                    if failed {
                        for (view, state) in zip(views, unstyled) where view.values != state.0 || view.provenance != state.1 {
                            found.append("\(context): \(name) failed but changed \(view.reference)")
                            return
                        }
                        return
                    }
                    let references = World.views(reference)
                    guard views.count == references.count else { return found.append("\(context): \(name) has other views") }
                    for (view, expected) in zip(views, references) {
                        if view.values != expected.values {
                            return found.append("\(context): \(name) gives \(view.reference) \(Array(view.values)), the reference \(Array(expected.values))")
                        }
                        if view.provenance != expected.provenance {
                            return found.append("\(context): \(name) records \(view.reference)'s provenance otherwise than the reference")
                        }
                    }
                }
                func fresh(_ tree: View) -> [(ValueStore, [[Contribution]]?)] { World.views(tree).map { ($0.values, nil) } }

                let full = World.copyOf(root)
                check("apply", full, engine(applying).apply(to: full, recordingProvenance: recording), unstyled: fresh(full))
                let unshared = World.copyOf(root)
                check("apply without sharing", unshared, engine(sheet, sharing: false).apply(to: unshared, recordingProvenance: recording),
                      unstyled: fresh(unshared))
                // A script's tree is a new tree at each reload: every other step restyles a copy.
                let target = step % 2 == 0 ? root : World.copyOf(root)
                let unstyled = World.views(target).map { ($0.values, $0.provenance) }
                let result = (keepsRestyling ? engine(restyling) : engine(sheet)).restyle(target, after: styled, recordingProvenance: recording)
                check("restyle", target, result.diagnostics, unstyled: unstyled)
                if !failed {
                    let changes = result.changes ?? TreeSnapshot(target).changes(since: before)
                    if changes != TreeSnapshot(reference).changes(since: before) { found.append("\(context): restyle lists other changes") }
                }

                run.disagreements += found
                if stopAtFirst, !run.disagreements.isEmpty { return run }
                if failed {
                    run.failed += 1
                    continue
                }
                run.styled += 1
                if result.restyled.count < World.views(target).count { run.partial += 1 }
                if expected.contains(where: { $0.code == .overriddenLiteral }) { run.warnings += 1 }
                if !recording { run.withoutProvenance += 1 }
                if !traits.isDefault { run.traitDependent += 1 }
                // A view in a state whose values differ from a copy of it in the normal state.
                let normal = World.copyOf(root)
                for view in World.views(normal) { view.stateOverride = .normal }
                if ReferenceCascade(sheet, traits: traits).apply(to: normal, recordingProvenance: false).isEmpty {
                    for (a, b) in zip(World.views(reference), World.views(normal)) where !a.state.isEmpty && a.values != b.values {
                        run.stateDependent += 1
                    }
                }
                for view in World.views(reference) {
                    run.functionWrites += (view.provenance ?? []).joined().count { ($0.location?.line ?? 0) >= 5000 }
                }
                styled = result.styled
                root = target
            }
        }
        return run
    }
}
