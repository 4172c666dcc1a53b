import XCTest
@testable import StyleRunCommands

/// Options read through the keys that declared them: typed values, and the declarations the
/// parser checks are the keys' own.
final class OptionKeyTests: XCTestCase {
    enum Shape: String, CaseIterable, Sendable {
        case circle, square
    }

    enum Options {
        static let shape = OptionKey<Shape?>.choice("shape", help: "The shape.")
        static let label = OptionKey<String?>.text("label", short: "l", placeholder: "TEXT", help: "A label.")
        static let state = OptionKey<[String]>.repeatedText("state", placeholder: "SELECTOR=STATE", help: "A state.")
        static let size = OptionKey<Int?>.count("size", help: "A size.")
        static let scale = OptionKey<Double?>.number("scale", placeholder: "X", help: "A scale.")
        static let all = OptionKey<Bool>.flag("all", help: "Everything.")
    }

    private let parser = ArgumentParser(program: "shapes", commands: [
        .init(summary: "Draw.", arguments: [.optional("NAME")], options: [
            Options.shape.option, Options.label.option, Options.state.option, Options.size.option,
            Options.scale.option, Options.all.option,
        ]),
    ])

    func testEachKeyReadsItsValueAsItsType() throws {
        let parsed = try parser.parse(["--shape", "square", "-l", "hi", "--state", "#a=highlighted", "--state=.b=disabled",
                                       "--size", "3", "--scale=1.5", "--all"])
        XCTAssertEqual(parsed[Options.shape], .square)
        XCTAssertEqual(parsed[Options.label], "hi")
        XCTAssertEqual(parsed[Options.state], ["#a=highlighted", ".b=disabled"])
        XCTAssertEqual(parsed[Options.size], 3)
        XCTAssertEqual(parsed[Options.scale], 1.5)
        XCTAssertTrue(parsed[Options.all])
    }

    func testOptionsNotGivenReadAsAbsent() throws {
        let parsed = try parser.parse([])
        XCTAssertNil(parsed[Options.shape])
        XCTAssertNil(parsed[Options.label])
        XCTAssertEqual(parsed[Options.state], [])
        XCTAssertNil(parsed[Options.size])
        XCTAssertFalse(parsed[Options.all])
    }

    /// A choice's words are its enumeration's cases: the parser refuses any other.
    func testAChoiceOffersItsEnumerationsCases() {
        XCTAssertEqual(Options.shape.option.value, .choice(["circle", "square"]))
        XCTAssertThrowsError(try parser.parse(["--shape", "triangle"]))
    }
}
