@testable import StyleCore
import XCTest

/// `KeyTable` against `Dictionary`: every key found with its value, every other key absent.
final class KeyTableTests: XCTestCase {
    func testAgreesWithADictionaryForHashedAndAlignedKeys() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<50 {
            let count = Int.random(in: 0..<300, using: &rng)
            var dictionary: [Int: Int] = [:]
            for i in 0..<count {
                // Half the rounds use keys like identities: multiples of 16 close together,
                // whose low bits say nothing.
                let key = round % 2 == 0 ? Int.random(in: .min ... .max, using: &rng) : 0x7F00_0000_0000 + 16 * Int.random(in: 0..<1_000, using: &rng)
                dictionary[key] = i
            }
            let table = KeyTable(dictionary)
            XCTAssertEqual(table.isEmpty, dictionary.isEmpty)
            for (key, value) in dictionary { XCTAssertEqual(table[key], value, "round \(round)") }
            for _ in 0..<200 {
                let key = round % 2 == 0 ? Int.random(in: .min ... .max, using: &rng) : 0x7F00_0000_0000 + 16 * Int.random(in: 0..<2_000, using: &rng)
                XCTAssertEqual(table[key], dictionary[key], "round \(round)")
            }
        }
    }
}
