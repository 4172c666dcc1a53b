import StyleCore
@testable import StyleRun
import XCTest

/// How accessibility findings name the line that set a value: a stdlib module's line by the
/// module's name, wherever the stdlib is and whatever folder stylerun runs in.
final class FindingNamingTests: XCTestCase {
    func testAStdlibModuleIsNamedByItsFileWhereverTheWorkingFolderIs() {
        let naming = AccessibilityPass.naming(stdlibPaths: ["/repo/stdlib"], workingFolder: "/home/designer/app")
        XCTAssertEqual(naming(SourceLocation(file: "/repo/stdlib/base.lua", line: 151)), "base.lua:151 (stdlib)")
        XCTAssertEqual(naming(SourceLocation(file: "screens/home.lua", line: 3)), "screens/home.lua:3")
        XCTAssertEqual(naming(SourceLocation(file: "/repo/stdlibs/base.lua", line: 2)), "/repo/stdlibs/base.lua:2")

        // Run inside the checkout, a module's file is named relative to the working folder.
        let inside = AccessibilityPass.naming(stdlibPaths: ["/repo/stdlib/"], workingFolder: "/repo")
        XCTAssertEqual(inside(SourceLocation(file: "stdlib/base.lua", line: 145)), "base.lua:145 (stdlib)")
        XCTAssertEqual(inside(SourceLocation(file: "stdlib/base.lua", line: 146)), "base.lua:146 (stdlib)")
        XCTAssertEqual(inside(SourceLocation(file: "examples/sign-in.lua", line: 21)), "examples/sign-in.lua:21")

        // A stdlib given relative to the working folder, as `STYLERUN_STDLIB=stdlib`.
        let relative = AccessibilityPass.naming(stdlibPaths: ["stdlib"], workingFolder: "/repo")
        XCTAssertEqual(relative(SourceLocation(file: "/repo/stdlib/theme.lua", line: 9)), "theme.lua:9 (stdlib)")
        XCTAssertEqual(relative(SourceLocation(file: "./stdlib/theme.lua", line: 9)), "theme.lua:9 (stdlib)")
    }
}
