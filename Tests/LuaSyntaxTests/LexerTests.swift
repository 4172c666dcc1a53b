import XCTest
@testable import LuaSyntax
