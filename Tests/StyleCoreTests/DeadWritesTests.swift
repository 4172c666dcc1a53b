import StyleCore
import XCTest

/// Dead writes across the parts of one style, as applied (lint's `duplicate-set`), and the
/// words of the API mistakes both lint passes share.
final class DeadWritesTests: XCTestCase {
    /// The findings of applying `parts`, concatenated, to a fresh Label.
    private func findings(_ parts: [Style]) throws -> [DeadWrites.Finding] {
        var ranges: [Range<Int>] = []
        var start = 0
        for part in parts {
            ranges.append(start..<(start + part.operations.count))
            start += part.operations.count
        }
        let application = StyleApplication(view: View(kind: T.label), recordsProvenance: false)
        let log = DeadWrites(parts: ranges)
        application.deadWrites = log
        try application.apply(try Style.concat(parts, root: T.view, at: T.at(1)))
        return log.found
    }

    func testALaterPartReplacingAnUnreadValueIsDead() throws {
        let found = try findings([T.mut(T.label, "font", .font(.system(14, .medium))),
                                  T.mut(T.label, "textColor", .color(.black)),
                                  T.function(T.label) { app throws(Diagnostic) in
                                      try app.set(T.keyPath(T.label, "font"), .font(.system(11, .light)), at: T.at(5))
                                  }])
        XCTAssertEqual(found.map { "\($0.earlierPart) \($0.laterPart) \($0.property)" }, ["0 2 Label.font"])
    }

    func testReadsTransformsFieldsAndOnePartsOwnWritesAreNotDead() throws {
        XCTAssertEqual(try findings([T.mut(T.label, "font", .font(.system(14))),
                                     T.mver(T.label, "font") { .font(T.font($0)!.bolded) }]).count, 0, "mver reads it")
        XCTAssertEqual(try findings([T.mut(T.label, "font", .font(.system(14))),
                                     T.function(T.label) { app throws(Diagnostic) in
                                         let size = T.font(app.value(of: T.label.property("font")!))!.size
                                         try app.set(T.keyPath(T.label, "font"), .font(.system(size + 2)), at: T.at(3))
                                     }]).count, 0, "the function reads it first")
        XCTAssertEqual(try findings([T.mut(T.label, "layoutMargins", .insets(Insets(all: 8))),
                                     T.mut(T.label, "layoutMargins.bottom", .number(32))]).count, 0, "a field keeps the rest")
        XCTAssertEqual(try findings([T.concat(T.mut(T.label, "alpha", .number(0.5)), T.mut(T.label, "alpha", .number(0.7))),
                                     T.mut(T.label, "text", .string("x"))]).count, 0, "within one part is that part's own business")
    }
}
