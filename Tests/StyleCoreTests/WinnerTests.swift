@testable import StyleCore
import XCTest

/// `View.winner(of:)`: what won one property, as `winners` and `provenance` say it for every
/// property of random trees styled by random rules (writes kept from shared results, and the
/// view's own after them).
final class WinnerTests: XCTestCase {
    func testTheWinnerOfOnePropertyIsTheLastContributionOfItsSlot() {
        var world = World()
        var compared = 0, written = 0
        for seed in 1...12 {
            world.random = World.Random(state: UInt64(seed))
            world.rules = (0..<12).map { _ in world.randomRule() }
            let root = world.randomTree(40)
            XCTAssertEqual(Cascade(world.stylesheet()).apply(to: root, recordingProvenance: true), [], "seed \(seed)")
            for view in World.views(root) {
                let winners = view.winners, provenance = view.provenance
                for property in view.kind.properties {
                    let winner = view.winner(of: property)
                    XCTAssertEqual(winner?.key, winners?[property.slot]?.key, "seed \(seed): \(view.reference) \(property.path)")
                    let last = provenance?[property.slot].last
                    if let winner {
                        XCTAssertEqual(winner.location, last?.location, "seed \(seed): \(view.reference) \(property.path)")
                        XCTAssertEqual(winner.origin, last?.origin, "seed \(seed): \(view.reference) \(property.path)")
                        written += 1
                    } else {
                        XCTAssertEqual(last?.origin, .kindDefault, "seed \(seed): \(view.reference) \(property.path) kept its default")
                    }
                    compared += 1
                }
            }
            // Styled without provenance, nothing won anything that can be named.
            XCTAssertEqual(Cascade(world.stylesheet()).apply(to: root, recordingProvenance: false), [])
            XCTAssertNil(World.views(root).lazy.compactMap { view in view.kind.properties.lazy.compactMap { view.winner(of: $0) }.first }.first)
        }
        XCTAssertGreaterThan(written, compared / 20, "the random rules write properties")
    }
}
