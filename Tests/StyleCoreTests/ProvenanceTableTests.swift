@testable import StyleCore
import XCTest

/// The table a cascade records provenance into: each origin and location entered once.
final class ProvenanceTableTests: XCTestCase {
    /// Thousands of locations across files (every literal of a screen has its own): the same
    /// location is the same index however it is asked for, another location another index,
    /// and each index reads back its location.
    func testEachLocationHasOneIndex() {
        let table = ProvenanceTable()
        let files = ["app.lua", "theme.lua", String(repeating: "long/path/", count: 4) + "module.lua"]
        var seen: [SourceLocation: UInt32] = [:]
        for round in 0..<2 {
            for i in 0..<6_000 {
                var location = SourceLocation(file: files[i % 3], line: 1 + i / 3 % 1_500)
                location.column = i % 7 == 0 ? 0 : 1 + i / 4_500
                // A copy of the file name, not the same string: compared by content.
                location.file = String(location.file.utf8.map { Character(UnicodeScalar($0)) })
                let index = table.index(of: location)
                if let known = seen[location] {
                    XCTAssertEqual(index, known, "round \(round): \(location)")
                } else {
                    XCTAssertFalse(seen.values.contains(index), "\(location) took another location's index")
                    seen[location] = index
                }
                XCTAssertEqual(table.locations[Int(index)], location)
            }
        }
        XCTAssertEqual(table.locations.count, seen.count)
    }
}
