@testable import StyleCore
import XCTest

/// `StateValues` finds each control's rules with the stylesheet's index, and skips controls no
/// style of which reads the state: on random worlds (pseudo-classes in any compound, `when`s of
/// states, functions, own styles) it gives what testing every rule for every control and state
/// gives, values, provenance and diagnostics.
final class StateValuesTests: XCTestCase {
    func testTheIndexedStatesAreThoseOfEveryRule() {
        var controls = 0, changed = 0, styled = 0
        for seed in 1...60 {
            var world = World.varied(seed: seed)
            let root = world.randomTree(20 + world.random.int(40))
            let sheet = world.stylesheet()
            // States are worked out for a tree the stylesheet styled (a failed styling leaves
            // the tree as it was, which no state's values are compared with).
            guard !Cascade(StyleEngine(sheet, traits: world.traits)).apply(to: root).contains(where: { $0.severity == .error }) else { continue }
            styled += 1
            for recording in [false, true] {
                let fast = StateValues.compute(root, stylesheet: sheet, traits: world.traits, recordingProvenance: recording,
                                               matchingEveryRule: false)
                let every = StateValues.compute(root, stylesheet: sheet, traits: world.traits, recordingProvenance: recording,
                                                matchingEveryRule: true)
                XCTAssertEqual(fast.diagnostics, every.diagnostics, "seed \(seed)")
                root.forEachInTree { view in
                    guard view.kind.isControl else { return }
                    controls += 1
                    let a = fast[view] ?? [], b = every[view] ?? []
                    if !b.isEmpty { changed += 1 }
                    XCTAssertEqual(a.map(\.state), b.map(\.state), "seed \(seed): \(view.reference)")
                    for (x, y) in zip(a, b) {
                        XCTAssertEqual(x.changes.map(\.property.slot), y.changes.map(\.property.slot), "seed \(seed): \(view.reference)")
                        XCTAssertEqual(x.changes.map(\.value), y.changes.map(\.value), "seed \(seed): \(view.reference)")
                        XCTAssertEqual(x.changes.map(\.contributions), y.changes.map(\.contributions), "seed \(seed): \(view.reference)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(styled, 30, "worlds styled without an error")
        XCTAssertGreaterThan(changed, 50, "controls whose values some state changes (of \(controls))")
    }

    /// A stylesheet no style of which reads the state leaves every control out, and one rule
    /// with a pseudo-class on its subject brings them back.
    func testNoStyleReadingTheStateMeansNoStates() {
        let sheet = Stylesheet()
        sheet.addRule("Button", T.mut(T.view, "alpha", .number(0.5), line: 1), line: 1)
        let button = T.view(T.button)
        let root = T.view(T.stack, nil, "", button)
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertTrue(StateValues.compute(root, stylesheet: sheet).isEmpty)
        sheet.addRule("Button:highlighted", T.mut(T.view, "alpha", .number(0.25), line: 2), line: 2)
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(StateValues.compute(root, stylesheet: sheet).others(of: button, slot: T.view.property("alpha")!.slot).map(\.value),
                       [.number(0.25)])
    }
}
