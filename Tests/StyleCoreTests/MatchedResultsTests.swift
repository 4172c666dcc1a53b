@testable import StyleCore
import XCTest

/// A stylesheet keeps what appearances and rules gave views from one cascade to the next, only
/// while its rules, appearances and provenance setting stay the same, and lets go of what its
/// cascades stopped using.
final class MatchedResultsTests: XCTestCase {
    private let red = Value.color(Color(hex: "#FF0000")!)
    private let blue = Value.color(Color(hex: "#0000FF")!)

    private func tree(_ classes: [String]) -> (root: View, labels: [View]) {
        let labels = classes.map { T.view(T.label, nil, $0) }
        let root = T.view(T.stack, "root")
        for label in labels { root.addChild(label) }
        return (root, labels)
    }

    func testALaterCascadeTakesWhatAnEarlierOneWorkedOut() {
        let resize = CountingBigger()
        let sheet = Stylesheet()
        sheet.addRule(".a", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), resize, root: T.label, at: T.at(1)), line: 1)
        sheet.addRule(".a", T.mut(T.label, "textColor", red, line: 2), line: 2)
        let first = tree(["a", "a"]), second = tree(["a", "b", "a"])
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: first.root, recordingProvenance: false), [])
        XCTAssertEqual(resize.calls, 1)
        XCTAssertEqual(Cascade(engine).apply(to: second.root, recordingProvenance: false), [])
        XCTAssertEqual(resize.calls, 1, "another tree of the same stylesheet takes the kept result")
        XCTAssertEqual(T.font(second.labels[2]["font"])?.size, 18)
        XCTAssertEqual(second.labels[2]["textColor"], red)
        XCTAssertEqual(second.labels[1]["textColor"], View(kind: T.label)["textColor"])

        // Provenance switched: worked out again, with the records.
        XCTAssertEqual(Cascade(engine).apply(to: second.root, recordingProvenance: true), [])
        XCTAssertEqual(resize.calls, 2)
        XCTAssertEqual(second.labels[0].provenance?[T.label.property("textColor")!.slot].last?.value, red)

        // A rule added: the kept results no longer hold.
        sheet.addRule("Label", T.mut(T.label, "textColor", blue, line: 3), line: 3)
        XCTAssertEqual(Cascade(engine).apply(to: second.root, recordingProvenance: true), [])
        XCTAssertEqual(second.labels[0]["textColor"], red, "'.a' is more specific")
        XCTAssertEqual(second.labels[1]["textColor"], blue)
        XCTAssertEqual(resize.calls, 3)

        // An appearance added: neither.
        try! sheet.appearance(T.label, T.mut(T.label, "numberOfLines", .int(3), line: 4), at: T.at(4))
        XCTAssertEqual(Cascade(engine).apply(to: second.root, recordingProvenance: true), [])
        XCTAssertEqual(second.labels[1]["numberOfLines"], .int(3))
        XCTAssertEqual(resize.calls, 4)

        // Another stylesheet adopted, with rules of the same count: neither.
        let other = Stylesheet()
        other.addRule(".a", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), resize, root: T.label, at: T.at(1)), line: 1)
        other.addRule(".a", T.mut(T.label, "textColor", blue, line: 2), line: 2)
        other.addRule("Label", T.mut(T.label, "textColor", blue, line: 3), line: 3)
        try! other.appearance(T.label, T.mut(T.label, "numberOfLines", .int(3), line: 4), at: T.at(4))
        engine.adopt(other)
        XCTAssertEqual(Cascade(engine).apply(to: second.root, recordingProvenance: true), [])
        XCTAssertEqual(second.labels[0]["textColor"], blue, "the adopted stylesheet's value, not a kept result")
        XCTAssertEqual(resize.calls, 5)
    }

    func testResultsNoCascadeUsesAreLetGo() {
        let sheet = Stylesheet()
        for i in 0..<300 { sheet.addRule(".c\(i)", T.mut(T.view, "alpha", .number(Double(i) / 1000), line: i + 1), line: i + 1) }
        let wide = tree((0..<300).map { "c\($0)" })
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: wide.root, recordingProvenance: false), [])
        XCTAssertGreaterThanOrEqual(engine.matchedResults?.count ?? 0, 300)
        let narrow = tree(["c7", "c7"])
        XCTAssertEqual(Cascade(engine).apply(to: narrow.root, recordingProvenance: false), [])
        XCTAssertEqual(Cascade(engine).apply(to: narrow.root, recordingProvenance: false), [])
        XCTAssertLessThanOrEqual(engine.matchedResults?.count ?? .max, 4, "only what the last cascades used")
        XCTAssertEqual(narrow.labels[1]["alpha"], .number(0.007))
    }
}

/// A `mver` of a label's font whose result depends on the value alone, counting its runs.
private final class CountingBigger: ValueTransform {
    var calls = 0
    var dependsOnlyOnValue: Bool { true }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        calls += 1
        guard case .font(let f) = value else { return value }
        return .font(f.withSize(f.size + 1))
    }
}
