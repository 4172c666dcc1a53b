import Foundation
import XCTest

/// `stylerun serve` as a user runs it: what it refuses before serving.
final class ServeCLITests: XCTestCase {
    func testAFolderThatIsMissingOrAFileIsAUsageError() throws {
        let missing = try StyleRunCommand.run(["serve", "no-such-folder"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.firstErrorLine, "stylerun: There is no folder 'no-such-folder'.")
        let file = try StyleRunCommand.run(["serve", "small.lua"])
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(file.firstErrorLine, "stylerun: 'small.lua' is a file; serve the folder that holds it (stylerun serve .).")
        let port = try StyleRunCommand.run(["serve", ".", "--port", "70000"])
        XCTAssertEqual(port.status, 2)
        XCTAssertEqual(port.firstErrorLine, "stylerun: --port must be between 0 and 65535, not 70000.")
    }
}
