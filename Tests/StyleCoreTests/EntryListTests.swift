@testable import StyleCore
import XCTest

/// `StyledTree.EntryList`: entries carried from list to list by position, held by owners.
final class EntryListTests: XCTestCase {
    private static func entry(_ n: Int) -> StyledTree.Entry {
        StyledTree.Entry(styles: [], literals: [], values: T.label.defaultValues, record: nil, matches: [Int32(n)], ownSlots: nil)
    }

    /// A list carried on and on, one entry replaced each time, keeps every live entry and
    /// holds at most about twice as many as it has: the owners are let go now and then.
    func testACarriedListHoldsItsLiveEntriesAndBoundsTheReplacedOnes() {
        var list = StyledTree.EntryList(capacity: 100)
        for n in 0..<100 { list.append(Self.entry(n)) }
        var expected = (0..<100).map { [Int32($0)] }
        var lists = [list]
        for round in 1...500 {
            var next = StyledTree.EntryList(carrying: lists.last!)
            let at = (round * 37) % 100
            next.replace(at: at, with: Self.entry(1000 + round))
            expected[at] = [Int32(1000 + round)]
            // A few earlier lists stay alive, as a watch keeps the last good tree.
            lists = Array((lists + [next]).suffix(3))
            XCTAssertLessThanOrEqual(next.held, 2 * 100 + 64 + 1, "round \(round)")
            XCTAssertLessThanOrEqual(next.ownerCount, StyledTree.EntryList.ownerLimit + 1, "round \(round)")
        }
        let last = lists.last!
        XCTAssertEqual(last.count, 100)
        for i in last.indices {
            XCTAssertEqual(last[i].matches, expected[i], "entry \(i)")
            XCTAssertEqual(last.withEntry(at: i) { $0.matches }, expected[i], "entry \(i)")
        }
        // The list carried from keeps its own entries.
        let before = lists[lists.count - 2]
        XCTAssertEqual(before.indices.filter { before[$0].matches != last[$0].matches }.count, 1)
    }
}
