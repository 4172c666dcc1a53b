import Foundation
import StyleRun
import XCTest

/// The `stylerun` command line (REFERENCE §2), run as a process on the scripts in `Tests/Fixtures`.
/// (Over 400 lines: a test per behaviour of the run command, grouped by MARK; watch, lint, HTML
/// and bad input have files of their own.)
final class CLITests: XCTestCase {
    // MARK: Usage

    func testHelpAndVersionExitZero() throws {
        let help = try StyleRunCommand.run(["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("Usage: stylerun"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--format"), help.stdout)

        let version = try StyleRunCommand.run(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("stylerun "), version.stdout)
    }

    func testAnUnknownOptionSuggestsTheClosest() throws {
        let r = try StyleRunCommand.run(["small.lua", "--formt", "json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.firstErrorLine.contains("'--formt'"), r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("Did you mean '--format'?"), r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertFalse(r.crashed, r.stderr)
    }

    func testAMissingFileExitsTwoWithOneLine() throws {
        let r = try StyleRunCommand.run(["no-such-file.lua"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.errorLines.count, 1, r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("no-such-file.lua"), r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("No such file"), r.stderr)
        XCTAssertFalse(r.crashed, r.stderr)
    }

    /// A folder is a path that names something that is not a script: the input's fault, as a
    /// FIFO or an unreadable file is (OutputTests.testExitStatusesFollowTheCause).
    func testAFolderExitsOneWithOneLine() throws {
        let r = try StyleRunCommand.run(["broken"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.errorLines.count, 1, r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("'broken' is a folder"), r.stderr)
        XCTAssertFalse(r.crashed, r.stderr)
    }

    /// Each unusable file gets exactly one line: no source line of raw bytes beneath it.
    func testBinaryAndNonUTF8FilesExitOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs: [(name: String, bytes: [UInt8], says: String)] = [
            ("binary.lua", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0x00, 0x10], "binary"),
            ("compiled.lua", [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93], "compiled"),
            ("latin1.lua", Array("return Label { text = \"caf".utf8) + [0xE9] + Array("\" }\n".utf8), "UTF-8"),
        ]
        for input in inputs {
            try Data(input.bytes).write(to: dir.appendingPathComponent(input.name))
            let r = try StyleRunCommand.run([input.name], in: dir)
            XCTAssertEqual(r.status, 1, "\(input.name): \(r.stderr)")
            XCTAssertTrue(r.firstErrorLine.hasPrefix("\(input.name):1:1: error: "), r.stderr)
            XCTAssertTrue(r.firstErrorLine.contains(input.says), r.stderr)
            XCTAssertEqual(r.errorLines.count, 1, "\(input.name): \(r.stderr)")
            XCTAssertFalse(r.crashed, r.stderr)
        }
    }

    // MARK: The styled tree

    func testJSONTreeHasTheShapeOfTheSpec() throws {
        let r = try StyleRunCommand.run(["small.lua", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let tree = try JSONValue(parsing: r.stdout)
        let font: JSONValue = ["name": "system", "size": 15, "weight": "bold", "italic": false, "smallCaps": false]
        let expected: JSONValue = [
            "kind": "StackView", "id": "root", "classes": [],
            "properties": [
                "layoutMargins": ["top": 24, "left": 24, "bottom": 24, "right": 24],
                "axis": "vertical",
            ],
            "children": [
                [
                    "kind": "Label", "id": nil, "classes": [],
                    "properties": ["text": "Hello", "textColor": "#6E40C9FF"],
                    "children": [],
                ],
                [
                    "kind": "Button", "id": "go", "classes": ["primary"],
                    "properties": [
                        "title": "Go",
                        "titleColor": "#FF000080",
                        "backgroundImage": ["color": "#974DFFFF"],
                        "layer.cornerRadius": 6,
                        "titleLabel.font": font,
                    ],
                    "children": [],
                ],
            ],
        ]
        XCTAssertEqual(canonical(tree), canonical(expected), r.stdout)
        // Each view's members come in the order REFERENCE §3.1 writes them.
        for view in [tree, tree["children"]?[0], tree["children"]?[1]] {
            XCTAssertEqual(view?.keys, ["kind", "id", "classes", "properties", "children"])
        }
    }

    func testAllListsEveryProperty() throws {
        let r = try StyleRunCommand.run(["small.lua", "--format", "json", "--all"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let tree = try JSONValue(parsing: r.stdout)
        let kinds: [(JSONValue?, String)] = [(tree, "StackView"), (tree["children"]?[0], "Label"), (tree["children"]?[1], "Button")]
        for (view, kindName) in kinds {
            let kind = try XCTUnwrap(Schema.standard.kind(named: kindName))
            XCTAssertEqual(Set(view?["properties"]?.keys ?? []), Set(kind.properties.map(\.path)), kindName)
        }
        let label = tree["children"]?[0]?["properties"]
        XCTAssertEqual(label?["numberOfLines"], 1)
        XCTAssertEqual(label?["alpha"], 1)
        XCTAssertEqual(label?["backgroundColor"], .null)
        XCTAssertEqual(label?["textAlignment"], "natural")
        XCTAssertEqual(label?["textColor"], "#6E40C9FF")
        XCTAssertEqual(label?["layoutMargins"], ["top": 8, "left": 8, "bottom": 8, "right": 8])

        let text = try StyleRunCommand.run(["small.lua", "--all"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("numberOfLines"), text.stdout)
        let short = try StyleRunCommand.run(["small.lua"])
        XCTAssertFalse(short.stdout.contains("numberOfLines"), short.stdout)
    }

    func testTreeTextNamesEveryView() throws {
        let r = try StyleRunCommand.run(["small.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("StackView#root"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Button#go.primary"), r.stdout)
        XCTAssertTrue(r.stdout.contains("#FF000080") || r.stdout.contains("#FF0000"), r.stdout)
    }

    func testOutputOptionWritesTheFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-out-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try StyleRunCommand.run(["small.lua", "--format", "json", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let written = try String(contentsOf: out, encoding: .utf8)
        let direct = try StyleRunCommand.run(["small.lua", "--format", "json"])
        XCTAssertEqual(written, direct.stdout)
        XCTAssertEqual(try JSONValue(parsing: written)["id"], "root")
    }

    func testOptionsMayComeBeforeThePath() throws {
        let r = try StyleRunCommand.run(["--format", "json", "small.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try JSONValue(parsing: r.stdout)["kind"], "StackView")
    }

    func testExplainShowsTheWinnerWhatItOverrodeAndWhere() throws {
        let r = try StyleRunCommand.run(["small.lua", "--explain", "#go"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Button#go.primary")
        // The view's own style (line 11) beat the rule (line 3), which beat the default.
        let winner = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("titleColor:") }, r.stdout)
        XCTAssertTrue(lines[winner].contains("#FF000080"), lines[winner])
        XCTAssertTrue(lines[winner].contains("small.lua:11"), lines[winner])
        XCTAssertTrue(lines[winner + 1].contains("overridden"), lines[winner + 1])
        XCTAssertTrue(lines[winner + 1].contains("#FFFFFF"), lines[winner + 1])
        XCTAssertTrue(lines[winner + 1].contains("Button.primary"), lines[winner + 1])
        XCTAssertTrue(lines[winner + 1].contains("small.lua:3"), lines[winner + 1])
        XCTAssertTrue(lines[winner + 2].contains("overridden"), lines[winner + 2])
        XCTAssertTrue(lines[winner + 2].contains("default"), lines[winner + 2])
        // A literal wins with the constructor's line.
        let title = try XCTUnwrap(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("title:") }, r.stdout)
        XCTAssertTrue(title.contains("\"Go\"") && title.contains("small.lua:10"), title)
    }

    func testExplainOfAnUnmatchedSelectorFails() throws {
        let r = try StyleRunCommand.run(["small.lua", "--explain", "#nothing"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("#nothing"), r.stderr)
        XCTAssertFalse(r.crashed, r.stderr)
    }

    func testThemeOptionChoosesTheTheme() throws {
        let light = try StyleRunCommand.run(["themed.lua", "--format", "json"])
        XCTAssertEqual(light.status, 0, light.stderr)
        let lightTree = try JSONValue(parsing: light.stdout)
        XCTAssertEqual(lightTree["properties"]?["backgroundColor"], "#FFFFFFFF")
        XCTAssertEqual(lightTree["properties"]?["tintColor"], "#FF0000FF")

        let dark = try StyleRunCommand.run(["themed.lua", "--format", "json", "--theme", "dark"])
        XCTAssertEqual(dark.status, 0, dark.stderr)
        let darkTree = try JSONValue(parsing: dark.stdout)
        XCTAssertEqual(darkTree["properties"]?["backgroundColor"], "#000000FF")
        XCTAssertEqual(darkTree["properties"]?["tintColor"], "#0000FFFF")

        let unknown = try StyleRunCommand.run(["themed.lua", "--theme", "dakr"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.firstErrorLine.contains("Did you mean 'dark'?"), unknown.stderr)
    }

    func testPrintGoesToStandardErrorWithFileAndLine() throws {
        let r = try StyleRunCommand.run(["printing.lua", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "printing.lua:3: answer\t42\n")
        XCTAssertEqual(try JSONValue(parsing: r.stdout)["id"], "quiet")
    }

    // MARK: Errors

    /// Each broken fixture and the exact first line of standard error it must give.
    static let brokenFixtures: [(file: String, firstLine: String)] = [
        ("broken/unknown-property.lua",
         "broken/unknown-property.lua:2:20: error: View has no property 'layoutMargin'. Did you mean 'layoutMargins'? [unknown-property]"),
        ("broken/bad-enum.lua",
         "broken/bad-enum.lua:3:31: error: The value 'diagonal' is invalid for 'StackView.axis'; use 'horizontal' or 'vertical'. [invalid-enum]"),
        ("broken/undefined-global.lua",
         "broken/undefined-global.lua:2:11: error: Undefined global 'mutt'. Did you mean 'mut'? [undefined-global]"),
        ("broken/syntax-error.lua",
         "broken/syntax-error.lua:2:16: error: Unexpected symbol near ')'. [syntax-error]"),
        ("broken/function-style.lua",
         "broken/function-style.lua:4:12: error: Attempt to index a nil value (local 't'). (applied to Label#or) [runtime-error]"),
        ("broken/kind-mismatch.lua",
         "broken/kind-mismatch.lua:3:20: error: A Button style cannot apply to Label#or. [kind-mismatch]"),
        ("broken/no-root.lua",
         "broken/no-root.lua:2:1: error: The script returned a table; return the root view, e.g. return StackView { … }. [bad-return]"),
    ]

    func testBrokenFixturesGiveOneDiagnosticLineAndExitOne() throws {
        for fixture in Self.brokenFixtures {
            let r = try StyleRunCommand.run([fixture.file])
            XCTAssertEqual(r.status, 1, "\(fixture.file): \(r.stderr)")
            XCTAssertEqual(r.firstErrorLine, fixture.firstLine, fixture.file)
            XCTAssertEqual(r.stdout, "", fixture.file)
            XCTAssertFalse(r.crashed, "\(fixture.file): \(r.stderr)")
        }
    }

    func testTheDiagnosticShowsTheSourceLineAndACaret() throws {
        let r = try StyleRunCommand.run(["broken/unknown-property.lua"])
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertGreaterThanOrEqual(lines.count, 3, r.stderr)
        guard lines.count >= 3 else { return }
        XCTAssertTrue(lines[1].hasSuffix("| local s = mut(View.layoutMargin, 8)"), lines[1])
        // The caret starts under `layoutMargin` and spans it.
        let bar = try XCTUnwrap(lines[1].range(of: "| "))
        let column = lines[1].distance(from: lines[1].startIndex, to: bar.upperBound)
        let caretLine = Array(lines[2])
        let caretStart = try XCTUnwrap(caretLine.firstIndex(of: "^"), lines[2])
        XCTAssertEqual(caretStart - column, 19, lines[2])
        XCTAssertEqual(caretLine[caretStart...].count, "layoutMargin".count, lines[2])
    }

    func testLimitsStopARunawayScript() throws {
        let timed = try StyleRunCommand.run(["broken/infinite-loop.lua", "--timeout", "0.5"])
        XCTAssertEqual(timed.status, 1, timed.stderr)
        XCTAssertEqual(timed.firstErrorLine,
                       "broken/infinite-loop.lua:3:1: error: The script ran past its time limit of 0.5 seconds. [limit-exceeded]")
        XCTAssertFalse(timed.crashed, timed.stderr)

        let counted = try StyleRunCommand.run(["broken/infinite-loop.lua", "--instructions", "100000"])
        XCTAssertEqual(counted.status, 1, counted.stderr)
        XCTAssertTrue(counted.firstErrorLine.hasPrefix("broken/infinite-loop.lua:3:"), counted.stderr)
        XCTAssertTrue(counted.firstErrorLine.contains("instruction limit"), counted.stderr)
        XCTAssertTrue(counted.firstErrorLine.hasSuffix("[limit-exceeded]"), counted.stderr)
    }

    func testJSONFormatPutsDiagnosticsOnStandardOutput() throws {
        let r = try StyleRunCommand.run(["broken/unknown-property.lua", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "")
        let json = try JSONValue(parsing: r.stdout)
        XCTAssertEqual(json["errors"], 1)
        XCTAssertEqual(json["warnings"], 0)
        let expected: JSONValue = [
            "file": "broken/unknown-property.lua", "line": 2, "column": 20, "endLine": 2, "endColumn": 32,
            "severity": "error", "code": "unknown-property",
            "message": "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?",
            "suggestions": ["layoutMargins"],
        ]
        XCTAssertEqual(json["diagnostics"]?[0].map(canonical), canonical(expected), r.stdout)
        XCTAssertNil(json["diagnostics"]?[1])

        let missing = try StyleRunCommand.run(["no-such-file.lua", "--format", "json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(try JSONValue(parsing: missing.stdout)["diagnostics"]?[0]?["code"], "file-not-found")
    }

    func testNoColorTurnsColorsOffOnATerminal() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw XCTSkip("needs util-linux `script` to run stylerun on a pseudo-terminal")
        }
        let stylerun = try XCTUnwrap(StyleRunCommand.executable)
        func onTerminal(_ arguments: String, noColor: Bool) throws -> String {
            let process = Process()
            process.executableURL = script
            process.arguments = ["-qec", "'\(stylerun.path)' \(arguments) 2>&1", "/dev/null"]
            process.currentDirectoryURL = fixtures
            var env = ProcessInfo.processInfo.environment
            env["NO_COLOR"] = noColor ? "1" : nil
            env["TERM"] = "xterm-256color"
            process.environment = env
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-tty-\(UUID().uuidString)")
            XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: nil))
            defer { try? FileManager.default.removeItem(at: out) }
            let handle = try FileHandle(forWritingTo: out)
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try handle.close()
            return String(decoding: try Data(contentsOf: out), as: UTF8.self)
        }
        for arguments in ["small.lua", "small.lua --explain '#go'", "broken/unknown-property.lua"] {
            // On a terminal stylerun colors its output, so the test can see escape codes at all.
            XCTAssertTrue(try onTerminal(arguments, noColor: false).contains("\u{1B}["), arguments)
            let plain = try onTerminal(arguments, noColor: true)
            XCTAssertFalse(plain.contains("\u{1B}"), "\(arguments): \(plain.debugDescription)")
            XCTAssertFalse(plain.isEmpty, arguments)
        }
    }

    // MARK: Examples

    func testEveryExampleRuns() throws {
        let examples = repositoryRoot.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            for format in ["tree", "json", "html"] {
                let r = try StyleRunCommand.run(["examples/" + file, "--format", format], in: repositoryRoot)
                XCTAssertEqual(r.status, 0, "\(file) (\(format)): \(r.stderr)")
                XCTAssertFalse(r.stdout.isEmpty, file)
                if format == "json" { XCTAssertNoThrow(try JSONValue(parsing: r.stdout), file) }
            }
        }
    }

    /// Every example is readable in dark mode and at high contrast, in every state: `stylerun
    /// lint` (its accessibility checks over the trait matrix) finds no error in them. Warnings
    /// (the seeds' fixed font sizes, their small buttons) are the seeds' designs, kept as written.
    func testTheExamplesLintWithoutErrors() throws {
        let r = try StyleRunCommand.run(["lint", "examples", "--format", "json"], in: repositoryRoot)
        let report = try JSONValue(parsing: r.stdout)
        guard case .array(let diagnostics)? = report["diagnostics"] else { return XCTFail(r.stdout) }
        let errors = diagnostics.filter { $0["severity"] == "error" }
        XCTAssertEqual(errors, [], "\(errors.map { "\($0["file"] ?? .null):\($0["line"] ?? .null) \($0["message"] ?? .null)" })")
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testTheSubscribeExampleStylesItsButtonsLikeTheSeed() throws {
        let r = try StyleRunCommand.run(["examples/subscribe.lua", "--format", "json"], in: repositoryRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let tree = try JSONValue(parsing: r.stdout)
        func find(_ id: String, in view: JSONValue) -> JSONValue? {
            if view["id"] == .string(id) { return view }
            guard case .array(let children)? = view["children"] else { return nil }
            return children.lazy.compactMap { find(id, in: $0) }.first
        }
        let subscribe = try XCTUnwrap(find("subscribe", in: tree))["properties"]
        XCTAssertEqual(subscribe?["titleLabel.font"], ["name": "system", "size": 15, "weight": "bold", "italic": false, "smallCaps": false, "textStyle": "subheadline"])
        XCTAssertEqual(subscribe?["contentEdgeInsets"], ["top": 8, "left": 16, "bottom": 8, "right": 16])
        XCTAssertEqual(subscribe?["titleColor"], "#FFFFFFFF")
        XCTAssertEqual(subscribe?["backgroundImage"], ["color": "#974DFFFF"])
        XCTAssertEqual(subscribe?["layer.cornerRadius"], 6)
        let content = try XCTUnwrap(find("content", in: tree))["properties"]
        XCTAssertEqual(content?["layoutMargins"], ["top": 24, "left": 24, "bottom": 24, "right": 24])
        XCTAssertEqual(content?["spacing"], 24)
        XCTAssertEqual(content?["alignment"], "leading")
        let card = try XCTUnwrap(find("card", in: tree))["properties"]
        XCTAssertEqual(card?["backgroundColor"], "#F5F5F5FF", "UIColor(white: 0.96, alpha: 1)")
        let or = try XCTUnwrap(find("or", in: tree))["properties"]
        XCTAssertEqual(or?["font"], ["name": "system", "size": 15, "weight": "regular", "italic": false, "smallCaps": false, "textStyle": "subheadline"])
        XCTAssertNil(or?["textColor"], "the episode gives the label no colour")
    }

    private func find(_ id: String, in view: JSONValue) -> JSONValue? {
        if view["id"] == .string(id) { return view }
        guard case .array(let children)? = view["children"] else { return nil }
        return children.lazy.compactMap { self.find(id, in: $0) }.first
    }

    func testTheStylingKitExampleComposesWithPlusInBothThemes() throws {
        for (theme, accent) in [("bright", "#FF0000FF"), ("dark", "#0000FFFF")] {
            let r = try StyleRunCommand.run(["examples/styling-kit.lua", "--format", "json", "--theme", theme], in: repositoryRoot)
            XCTAssertEqual(r.status, 0, r.stderr)
            let tree = try JSONValue(parsing: r.stdout)
            let header = try XCTUnwrap(find("header", in: tree))["properties"]
            XCTAssertEqual(header?["font"], ["name": "system", "size": 24, "weight": "regular", "italic": false, "smallCaps": false])
            let signUp = try XCTUnwrap(find("signUp", in: tree))["properties"]
            XCTAssertEqual(signUp?["backgroundColor"], "#555555FF", "UIColor.darkGray")
            XCTAssertEqual(signUp?["layer.cornerRadius"], 8)
            XCTAssertEqual(signUp?["titleColor"], "#FFFFFFFF")
            let signIn = try XCTUnwrap(find("signIn", in: tree))["properties"]
            XCTAssertEqual(signIn?["backgroundColor"], "#800080FF", "UIColor.purple")
            let action = try XCTUnwrap(find("full", in: tree)?["children"]?[3])["properties"]
            XCTAssertEqual(action?["backgroundColor"], .string(accent), theme)
            let compactTitle = try XCTUnwrap(find("compact", in: tree)?["children"]?[0])["properties"]
            XCTAssertEqual(compactTitle?["textAlignment"], "left")
            XCTAssertEqual(compactTitle?["font"]?["size"], 16)
        }
    }

    /// The Styling Kit's SimpleView with its three appearances as classes, the theme as dynamic
    /// colours, the adaptive view compact at a compact width only, Dynamic Type fonts, and the
    /// action button's pressed and disabled looks.
    func testTheSimpleViewExampleAdaptsToStatesAndTraits() throws {
        func tree(_ extra: [String] = []) throws -> JSONValue {
            let r = try StyleRunCommand.run(["examples/simple-view.lua", "--format", "json"] + extra, in: repositoryRoot)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "", "no warnings")
            return try JSONValue(parsing: r.stdout)
        }
        // The parts of one SimpleView: its body, labels, title, text, image and action.
        func parts(_ id: String, in tree: JSONValue) throws -> (body: JSONValue, title: JSONValue, image: JSONValue, action: JSONValue) {
            let body = try XCTUnwrap(find(id, in: tree)?["children"]?[0])
            let labels = try XCTUnwrap(body["children"]?[0])
            return (body, try XCTUnwrap(labels["children"]?[0]), try XCTUnwrap(body["children"]?[1]), try XCTUnwrap(body["children"]?[2]))
        }
        let light = try tree()
        let full = try parts("full", in: light)
        XCTAssertEqual(full.title["properties"]?["textAlignment"], "center")
        XCTAssertEqual(full.title["properties"]?["font"]?["size"], 24)
        XCTAssertEqual(full.title["properties"]?["font"]?["textStyle"], "title2")
        XCTAssertEqual(full.image["properties"]?["isHidden"], true)
        XCTAssertEqual(full.action["properties"]?["backgroundColor"], "#FF0000FF", "the bright theme's UIColor.red")
        XCTAssertEqual(full.action["states"]?["highlighted"], ["alpha": 0.7])
        XCTAssertEqual(full.action["states"]?["disabled"]?["backgroundColor"], "#8E8E93FF", "UIKit's systemGray")
        let withImage = try parts("with-image", in: light)
        XCTAssertNil(withImage.image["properties"]?["isHidden"])
        XCTAssertEqual(withImage.image["properties"]?["width"], 100)
        let compact = try parts("compact", in: light)
        XCTAssertNil(compact.body["properties"]?["axis"], "horizontal, a stack view's default")
        XCTAssertEqual(compact.body["properties"]?["distribution"], "equalSpacing")
        XCTAssertEqual(compact.title["properties"]?["textAlignment"], "left")
        XCTAssertEqual(compact.title["properties"]?["font"]?["size"], 16)
        // Adaptive: compact at the default (compact) width, full at a regular one; disabled.
        let adaptive = try parts("adaptive", in: light)
        XCTAssertNil(adaptive.body["properties"]?["axis"])
        XCTAssertEqual(adaptive.body["properties"]?["distribution"], "equalSpacing")
        XCTAssertEqual(adaptive.action["properties"]?["backgroundColor"], "#8E8E93FF")
        XCTAssertEqual(adaptive.action["properties"]?["isEnabled"], false)
        let regular = try parts("adaptive", in: try tree(["--trait", "horizontalSizeClass=regular"]))
        XCTAssertEqual(regular.body["properties"]?["axis"], "vertical")
        XCTAssertEqual(regular.title["properties"]?["textAlignment"], "center")

        // Dark: the theme's other colours; a larger text size: larger fonts, same text styles.
        let dark = try tree(["--trait", "colorScheme=dark", "--trait", "contentSize=accessibilityMedium"])
        let darkFull = try parts("full", in: dark)
        XCTAssertEqual(find("full", in: dark)?["properties"]?["backgroundColor"], "#000000FF")
        XCTAssertEqual(darkFull.action["properties"]?["backgroundColor"], "#0000FFFF")
        XCTAssertEqual(darkFull.title["properties"]?["textColor"], "#FFFFFFFF")
        guard case .number(let size)? = darkFull.title["properties"]?["font"]?["size"] else { return XCTFail("no font size") }
        XCTAssertGreaterThan(size, 24)
        XCTAssertEqual(darkFull.title["properties"]?["font"]?["textStyle"], "title2")

        // Pressed from the command line.
        let pressed = try parts("compact", in: try tree(["--state", "#compact-action=highlighted"]))
        XCTAssertEqual(pressed.action["properties"]?["alpha"], 0.7)
        XCTAssertEqual(pressed.action["states"]?["normal"], ["alpha": 1])
    }

    func testExplainNamesStylesListsSkippedRulesAndSuggestsNearMisses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            local finePrintStyle = mut(Label.textColor, "#888888")
            rule(".note", finePrintStyle)
            return StackView { id = "root",
              with(Label { id = "legal", text = "Terms", textColor = "#000000" }, finePrintStyle),
              TextField { id = "email", class = "note" },
            }
            """.write(to: folder.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)

        let legal = try StyleRunCommand.run(["app.lua", "--explain", "#legal"], in: folder)
        XCTAssertEqual(legal.status, 0, legal.stderr)
        let lines = legal.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(lines.contains("textColor: #888888 finePrintStyle (with at app.lua:4) app.lua:1"), legal.stdout)
        XCTAssertTrue(lines.contains("overridden: #000000 literal app.lua:4"), legal.stdout)
        XCTAssertTrue(legal.stderr.contains("app.lua:4:46: warning: 'textColor' given in the constructor of Label#legal is replaced"),
                      legal.stderr)

        let email = try StyleRunCommand.run(["app.lua", "--explain", "#email"], in: folder)
        XCTAssertTrue(email.stdout.contains("skipped: rule \".note\" (a Label style; TextField is not a Label)  app.lua:2"), email.stdout)

        let typo = try StyleRunCommand.run(["app.lua", "--explain", "#emial"], in: folder)
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.hasSuffix("stylerun: No view matches '#emial'. Did you mean '#email'?\n"), typo.stderr)
    }

    /// The README's one-screen example is run as written, and gives what its text says: the
    /// `with(…, bolder)` title is a bold title3 that follows Dynamic Type, the primary button
    /// fades while pressed and greys when disabled.
    func testTheREADMEExampleProducesWhatItShows() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```lua\n"))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(readme[start.upperBound..<end.lowerBound]).write(to: folder.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
        let r = try StyleRunCommand.run(["app.lua", "--format", "json"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no warnings")
        let tree = try JSONValue(parsing: r.stdout)
        let title = try XCTUnwrap(find("title", in: tree))["properties"]
        XCTAssertEqual(title?["font"], ["name": "system", "size": 20, "weight": "bold", "italic": false, "smallCaps": false, "textStyle": "title3"])
        let subscribe = try XCTUnwrap(find("subscribe", in: tree))
        XCTAssertEqual(subscribe["properties"]?["backgroundImage"], ["color": "#974DFFFF"])
        // Pressed, it fades; disabled, it greys: the control's values in its other states.
        XCTAssertEqual(subscribe["states"]?["highlighted"], ["alpha": 0.8])
        XCTAssertEqual(subscribe["states"]?["disabled"]?["backgroundImage"], ["color": "#AAAAAAFF"])
        let later = try XCTUnwrap(find("later", in: tree))
        XCTAssertEqual(later["properties"]?["backgroundImage"], ["color": "#AAAAAAFF"], "a disabled button is styled disabled")
        XCTAssertEqual(later["states"]?["normal"]?["backgroundImage"], ["color": "#974DFFFF"])

        // Dynamic Type: the title follows the reader's text size without another evaluation of the script.
        let large = try StyleRunCommand.run(["app.lua", "--format", "json", "--trait", "contentSize=accessibilityLarge"], in: folder)
        XCTAssertEqual(large.status, 0, large.stderr)
        let largeTitle = try XCTUnwrap(find("title", in: try JSONValue(parsing: large.stdout)))["properties"]
        XCTAssertEqual(largeTitle?["font"]?["size"], 37)
        XCTAssertEqual(largeTitle?["font"]?["textStyle"], "title3")
    }
}

/// The value with every object's members sorted by key, so that comparing two values ignores
/// the order of `properties` (which REFERENCE §3.1 does not fix) but nothing else.
func canonical(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(canonical))
    case .object(let members): return .object(members.map { ($0.key, canonical($0.value)) }.sorted { $0.key < $1.key })
    default: return value
    }
}
