import TestSupport
import XCTest
@testable import StyleRunCommands

final class ArgumentParserTests: XCTestCase {
    /// The command line of REFERENCE §2.
    static let stylerun: ArgumentParser = {
        let help = ArgumentParser.Option.flag("help", short: "h", standsAlone: true, help: "Show this help.")
        let theme = ArgumentParser.Option.text("theme", placeholder: "NAME", help: "The theme to use.")
        return ArgumentParser(program: "stylerun", commands: [
            .init(summary: "Evaluate a script, style its view tree and print it.", arguments: [.required("FILE.lua")],
                  options: [
                      theme,
                      .choice("format", ["tree", "json", "html"], help: "Output format; tree on a terminal."),
                      .text("output", short: "o", placeholder: "FILE", help: "Write to FILE instead of standard output."),
                      .text("explain", placeholder: "SELECTOR", repeatable: true, help: "Explain the matching views."),
                      .flag("all", help: "List every property, not only those that differ from defaults."),
                      .number("timeout", placeholder: "SECONDS", help: "Wall-clock budget of an evaluation."),
                      help,
                  ]),
            .init(name: "watch", summary: "Re-run on every save and print what changed.", arguments: [.required("FILE.lua")],
                  options: [theme, .choice("format", ["text", "json"], help: "Output format."), help]),
            .init(name: "lint", summary: "Type-check scripts against view kinds.", arguments: [.repeating("PATH")],
                  options: [
                      .choice("format", ["text", "json", "github", "sarif"], help: "Output format."),
                      .count("max-warnings", help: "Fail when there are more than N warnings."),
                      help,
                  ]),
            .init(name: "types", summary: "Print Lua language server definitions.", arguments: [],
                  options: [.text("output", short: "o", placeholder: "FILE", help: "Write to FILE."), help]),
            .init(name: "kinds", summary: "Print the schema.", arguments: [.optional("KIND")], options: [help]),
        ])
    }()

    private func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
        try Self.stylerun.parse(arguments)
    }

    /// A name close to a command is a misspelling only when nothing of that name exists:
    /// `stylerun broken` for a folder `broken` is the folder (then "'broken' is a folder").
    func testAnExistingPathIsNeverAMisspelledCommand() throws {
        var parser = Self.stylerun
        parser.pathExists = { $0 == "lnit" }
        XCTAssertEqual(try parser.parse(["lnit"]).arguments, ["lnit"])
        XCTAssertThrowsError(try parser.parse(["wacth"]))
    }

    func testCommandsAndArguments() throws {
        let cases: [([String], String?, [String])] = [
            (["app.lua"], nil, ["app.lua"]),
            (["--theme", "dark", "watch", "app.lua"], "watch", ["app.lua"]),
            (["watch", "app.lua", "--format", "json"], "watch", ["app.lua"]),
            (["lint"], "lint", []),
            (["lint", "styles/", "more/", "--max-warnings", "0"], "lint", ["styles/", "more/"]),
            (["kinds"], "kinds", []),
            (["kinds", "Button"], "kinds", ["Button"]),
            (["types", "-o", "stylerun.d.lua"], "types", []),
            (["--", "--all"], nil, ["--all"]),
            (["--", "watch"], nil, ["watch"]),
            (["./lint"], nil, ["./lint"]),
            (["-"], nil, ["-"]),
            (["app.lua", "--all", "--all"], nil, ["app.lua"]),
            (["--help"], nil, []),
            (["lint", "--help"], "lint", []),
            (["watch", "-h", "a.lua", "b.lua"], "watch", ["a.lua", "b.lua"]),
        ]
        for (arguments, command, positionals) in cases {
            let parsed = try parse(arguments)
            XCTAssertEqual(parsed.command, command, "\(arguments)")
            XCTAssertEqual(parsed.arguments, positionals, "\(arguments)")
        }
    }

    func testOptionsInEveryForm() throws {
        let cases: [([String], String, String?)] = [
            (["app.lua", "--format", "json"], "format", "json"),
            (["--format=json", "app.lua"], "format", "json"),
            (["-o", "out.html", "app.lua"], "output", "out.html"),
            (["app.lua", "-o=out.html"], "output", "out.html"),
            (["app.lua", "--output", "-"], "output", "-"),
            (["app.lua", "--theme="], "theme", ""),
            (["app.lua", "--theme", "a=b"], "theme", "a=b"),
            (["app.lua"], "format", nil),
        ]
        for (arguments, name, value) in cases {
            XCTAssertEqual(try parse(arguments).value(name), value, "\(arguments)")
        }
    }

    func testFlagsRepeatablesAndNumbers() throws {
        let run = try parse(["--explain", "#subscribe", "app.lua", "--all", "--explain=Label", "--timeout", "2.5"])
        XCTAssertTrue(run.flag("all"))
        XCTAssertFalse(run.flag("help"))
        XCTAssertEqual(run.values("explain"), ["#subscribe", "Label"])
        XCTAssertEqual(run.number("timeout"), 2.5)
        XCTAssertEqual(try parse(["lint", "--max-warnings", "3"]).count("max-warnings"), 3)
        XCTAssertEqual(try parse(["lint"]).count("max-warnings"), nil)
        XCTAssertEqual(try parse(["app.lua"]).values("explain"), [])
    }

    func testErrorMessages() {
        let cases: [([String], String)] = [
            (["app.lua", "--formt", "json"], "Unknown option '--formt'. Did you mean '--format'?"),
            (["app.lua", "--frobnicate"], "Unknown option '--frobnicate'."),
            (["app.lua", "-all"], "Unknown option '-all'. Did you mean '--all'?"),
            (["app.lua", "-x"], "Unknown option '-x'."),
            (["lint", "--all"], "Unknown option '--all'."),
            (["lint", "--max-warning", "3"], "Unknown option '--max-warning'. Did you mean '--max-warnings'?"),
            (["app.lua", "--format"], "Missing value for '--format'."),
            (["app.lua", "-o"], "Missing value for '-o'."),
            (["--format", "--all", "app.lua"], "Missing value for '--format'."),
            (["app.lua", "--format", "yaml"], "Invalid value 'yaml' for '--format'; use 'tree', 'json' or 'html'."),
            (["watch", "app.lua", "--format", "tree"], "Invalid value 'tree' for '--format'; use 'text' or 'json'."),
            (["lint", "--max-warnings", "-1"], "Invalid value '-1' for '--max-warnings'; use a whole number, 0 or more."),
            (["lint", "--max-warnings", "many"], "Invalid value 'many' for '--max-warnings'; use a whole number, 0 or more."),
            (["app.lua", "--timeout", "nan"], "Invalid value 'nan' for '--timeout'; use a number, 0 or more."),
            (["app.lua", "--all=yes"], "Option '--all' does not take a value."),
            (["app.lua", "--format", "json", "--format=tree"], "Option '--format' can be given only once."),
            (["app.lua", "-o", "a", "--output", "b"], "Option '--output' can be given only once."),
            ([], "Missing argument FILE.lua."),
            (["--all"], "Missing argument FILE.lua."),
            (["watch"], "Missing argument FILE.lua."),
            (["a.lua", "b.lua"], "Unexpected argument 'b.lua'."),
            (["types", "x"], "Unexpected argument 'x'."),
            (["kinds", "Button", "Label"], "Unexpected argument 'Label'."),
            (["lnit", "styles/"], "Unknown command 'lnit'. Did you mean 'lint'?"),
            (["wacth"], "Unknown command 'wacth'. Did you mean 'watch'?"),
        ]
        for (arguments, expected) in cases {
            do {
                let parsed = try parse(arguments)
                XCTFail("\(arguments) parsed as \(parsed)")
            } catch {
                XCTAssertEqual(error.message, expected, "\(arguments)")
            }
        }
    }

    func testErrorsAreValues() {
        XCTAssertThrowsError(try parse(["app.lua", "--formt"])) { error in
            XCTAssertEqual(error as? ArgumentError, .unknownOption("--formt", suggestion: "--format"))
        }
    }

    func testCommandsWithoutADefaultNeedOne() {
        let parser = ArgumentParser(program: "tool", commands: [
            .init(name: "lint", summary: "", arguments: [], options: []),
            .init(name: "types", summary: "", arguments: [], options: []),
        ])
        XCTAssertEqual(try parser.parse(["types"]).command, "types")
        XCTAssertThrowsError(try parser.parse([])) { error in
            XCTAssertEqual((error as? ArgumentError)?.message, "Missing argument COMMAND (lint, types).")
        }
        XCTAssertThrowsError(try parser.parse(["tpyes"])) { error in
            XCTAssertEqual((error as? ArgumentError)?.message, "Unknown command 'tpyes'. Did you mean 'types'?")
        }
        XCTAssertThrowsError(try parser.parse(["--", "frob"])) { error in
            XCTAssertEqual((error as? ArgumentError)?.message, "Unknown command 'frob'.")
        }
    }

    func testUsageLines() {
        let p = Self.stylerun
        XCTAssertEqual(p.usage(for: nil), "stylerun FILE.lua [options]")
        XCTAssertEqual(p.usage(for: "lint"), "stylerun lint [PATH …] [options]")
        XCTAssertEqual(p.usage(for: "kinds"), "stylerun kinds [KIND] [options]")
    }

    func testHelpOfTheDefaultCommandListsEveryCommand() {
        assertSnapshot(Self.stylerun.help(for: nil))
    }

    func testHelpOfACommand() {
        XCTAssertEqual(Self.stylerun.help(for: "lint"), """
            Usage: stylerun lint [PATH …] [options]

            Type-check scripts against view kinds.

            Options:
                  --format text|json|github|sarif    Output format.
                  --max-warnings N                   Fail when there are more than N warnings.
              -h, --help                             Show this help.

            """)
    }
}
