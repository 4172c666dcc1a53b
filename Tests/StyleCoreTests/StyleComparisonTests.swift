@testable import StyleCore
import XCTest

/// `StyleComparison`: what a restyle asks of a rule's or a view's style across a reload, where
/// every style is a new copy of the one before.
final class StyleComparisonTests: XCTestCase {
    /// A block's base style shared by its modifiers, and a modifier, as one evaluation makes them.
    private func evaluation(baseColor: Value = World.colors[0], modifierAlpha: Double = 0.5,
                            transform: Transform? = nil) -> (base: Style, modifiers: [Style]) {
        let base = T.concat(T.mut(T.view, "backgroundColor", baseColor, line: 1), T.mut(T.view, "layer.cornerRadius", .number(4), line: 2), line: 3)
        let modifiers = (0..<4).map { k in
            var parts = [base, T.mut(T.view, "alpha", .number(modifierAlpha + Double(k) / 10), line: 10 + k)]
            if let transform { parts.append(try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), transform, root: T.view, at: T.at(20))) }
            return try! Style.concat(parts, root: T.view, at: T.at(30 + k))
        }
        return (base, modifiers)
    }

    func testCopiesFromAnotherEvaluationAreTheSameAndAChangeInASharedPartIsFound() {
        let old = evaluation(), same = evaluation(), edited = evaluation(baseColor: World.colors[1])
        var comparison = StyleComparison()
        for (a, b) in zip(old.modifiers, same.modifiers) {
            XCTAssertNotEqual(a.storageIdentity, b.storageIdentity, "a new evaluation makes new storage")
            XCTAssertTrue(comparison.same(a, b))
        }
        var other = StyleComparison()
        for (a, b) in zip(old.modifiers, edited.modifiers) {
            XCTAssertFalse(other.same(a, b), "the base's colour changed, deep in a shared part")
        }
        let lighter = evaluation(modifierAlpha: 0.4), again = evaluation(modifierAlpha: 0.5)
        var third = StyleComparison()
        XCTAssertFalse(third.same(old.modifiers[1], lighter.modifiers[1]))
        XCTAssertTrue(third.same(old.modifiers[0], again.modifiers[0]))
    }

    func testFunctionsAreTheSameOnlyWhenTheyAreTheVeryFunction() {
        let halve = World.halve
        let a = evaluation(transform: halve), b = evaluation(transform: halve), c = evaluation(transform: World.halve)
        var comparison = StyleComparison()
        XCTAssertTrue(comparison.same(a.modifiers[0], b.modifiers[0]))
        XCTAssertFalse(comparison.same(a.modifiers[0], c.modifiers[0]), "a function from another evaluation may do anything")
    }

    /// A function that says it does what another does (a reload's copy of a self-contained Lua
    /// function) counts as the same only for a comparison by what functions do: a restyle's,
    /// not an index's, which keeps a former prepared style only for the very same function.
    func testFunctionsThatDoTheSameAreTheSameWhenComparedByWhatTheyDo() {
        let style = { (f: any StyleFunction) in Style(kind: T.view, operations: [.function(f, T.at(5))], location: T.at(5)) }
        let transform = { (t: any ValueTransform) in try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), t, root: T.view, at: T.at(6)) }
        // Styles are named by storage: they live as long as the comparisons.
        let (f, g, h) = (Compiled(code: "v.alpha = 0.5"), Compiled(code: "v.alpha = 0.5"), Compiled(code: "v.alpha = 0.6"))
        let styles = [f, g, h].map(style), transforms = [f, g, h].map(transform)
        var byIdentity = StyleComparison(), byWhatTheyDo = StyleComparison(functionsByWhatTheyDo: true)
        XCTAssertFalse(byIdentity.same(styles[0], styles[1]))
        XCTAssertTrue(byWhatTheyDo.same(styles[0], styles[1]))
        XCTAssertFalse(byWhatTheyDo.same(styles[0], styles[2]))
        XCTAssertFalse(byIdentity.same(transforms[0], transforms[1]))
        XCTAssertTrue(byWhatTheyDo.same(transforms[0], transforms[1]))
        XCTAssertFalse(byWhatTheyDo.same(transforms[0], transforms[2]))
        let halves = [transform(World.halve), transform(World.halve)]
        XCTAssertFalse(byWhatTheyDo.same(halves[0], halves[1]), "identity unless a function says more")
    }

    func testTheOriginCountsAndAPairFoundTheSameIsRemembered() {
        let a = T.mut(T.label, "text", .string("x"), line: 4), b = T.mut(T.label, "text", .string("x"), line: 4)
        let elsewhere = T.mut(T.label, "text", .string("x"), line: 5), otherText = T.mut(T.label, "text", .string("y"), line: 4)
        var renamed = b
        renamed.name = "titleStyle"
        var comparison = StyleComparison()
        XCTAssertFalse(comparison.same(a, renamed), "the name is part of a view style's origin")
        XCTAssertTrue(comparison.same(a, b))
        XCTAssertTrue(comparison.sameSteps(a, renamed), "the steps alone are the same")
        XCTAssertFalse(comparison.same(a, elsewhere), "another line is another origin")
        XCTAssertFalse(comparison.same(a, otherText))
    }

    func testConditionsAndTheirStylesAreCompared() throws {
        let pressed = try Condition.parse(state: "highlighted").get(), disabled = try Condition.parse(state: "disabled").get()
        func when(_ condition: Condition, _ alpha: Double) -> Style {
            try! Style.when(condition, T.mut(T.button, "alpha", .number(alpha), line: 7), at: T.at(8))
        }
        // Held while the comparison lives: it names storages by address.
        let a = when(pressed, 0.5), b = when(pressed, 0.5), c = when(disabled, 0.5), d = when(pressed, 0.6)
        var comparison = StyleComparison()
        XCTAssertTrue(comparison.same(a, b))
        XCTAssertFalse(comparison.same(a, c))
        XCTAssertFalse(comparison.same(a, d))
        XCTAssertTrue(comparison.same(b, a))
    }

    /// A `concat` split otherwise than its counterpart counts as changed even with the same
    /// operations: the answer only ever errs towards restyling.
    func testAConcatSplitOtherwiseCountsAsChanged() {
        let x = T.mut(T.view, "alpha", .number(0.5), line: 1), y = T.mut(T.view, "backgroundColor", World.colors[0], line: 2)
        let z = T.mut(T.view, "layer.cornerRadius", .number(2), line: 3)
        let left = T.concat(T.concat(x, y, line: 9), z, line: 10), right = T.concat(x, T.concat(y, z, line: 9), line: 10)
        var comparison = StyleComparison()
        XCTAssertEqual(left.operations.map(\.location), right.operations.map(\.location))
        XCTAssertFalse(comparison.same(left, right))
        XCTAssertTrue(comparison.same(left, T.concat(T.concat(x, y, line: 9), z, line: 10)))
    }
}

/// A function and a transform that say they do the same as another made from the same code.
private final class Compiled: StyleFunction, ValueTransform {
    let code: String
    init(code: String) { self.code = code }
    func apply(to application: StyleApplication) throws(Diagnostic) {}
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value { value }
    func doesTheSame(as other: any StyleFunction) -> Bool { (other as? Compiled)?.code == code }
    func doesTheSame(as other: any ValueTransform) -> Bool { (other as? Compiled)?.code == code }
}
