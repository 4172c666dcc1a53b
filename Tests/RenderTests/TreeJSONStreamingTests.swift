import StyleCore
import XCTest
@testable import StyleRun

/// The JSON of a tree is written in pieces as the walk goes, byte for byte the document
/// `json(for:).serialized(.pretty)` gives (the `JSONValue` path, which the renderer used before
/// it streamed), for every type of value, at every depth, in pieces of any size.
final class TreeJSONStreamingTests: XCTestCase {
    /// The document as the `JSONValue` path writes it.
    private func reference(_ root: View, all: Bool = false) -> String {
        TreeJSONRenderer(all: all).json(for: root).serialized(.pretty) + "\n"
    }

    /// The pieces `write` hands out for `root`, in order.
    private func pieces(_ root: View, all: Bool = false, size: Int) -> [[UInt8]] {
        var out: [[UInt8]] = []
        TreeJSONRenderer(all: all).write(root, piecesOf: size) { out.append(Array($0)) }
        return out
    }

    /// Strings that need escaping (quotes, backslashes, every kind of control character) and
    /// that must not be (non-ASCII, DEL), in ids, classes and values.
    private let awkward = "say \"hi\" \\ back\u{1}\u{8}\u{C}\n\r\t\u{1F}\u{7F} é 👋 中"

    /// One view of each kind with a value of every type: strings, enum cases, numbers (integral,
    /// fractional, tiny, huge, negative), ints, booleans, colours with and without alpha,
    /// dynamic colours (named and a script's own), fonts (fixed and following a text style),
    /// insets, sizes, images named and of a colour, and nil (under `--all`), nested a few
    /// levels deep.
    private func everyValueTree() -> View {
        let root = View(kind: Schema.stackView, id: awkward, classes: ["a\"b", "é", awkward])
        ValueWriter(root)
            .set("axis", .enumCase("vertical"))
            .set("spacing", .number(0.85))
            .set("layoutMargins", .insets(Insets(top: 1.5, left: -2, bottom: 1e-7, right: 1e20)))
        let label = View(kind: Schema.label, id: "label")
        ValueWriter(label)
            .set("text", .string(awkward))
            .set("numberOfLines", .int(-3))
            .set("font", .font(Font.system(17).bolded))
            .set("textColor", .color(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)))
            .set("alpha", .number(0.333))
        let button = View(kind: Schema.button, classes: ["primary"])
        ValueWriter(button)
            .set("title", .string(""))
            .set("titleColor", .color(.white))
            .set("backgroundImage", .image(.color(Color(red: 1, green: 0, blue: 0.5, alpha: 0.25))))
            .set("layer.masksToBounds", .bool(true))
            .set("layer.shadowOffset", .size(Size(width: 0, height: 2.5)))
            .set("titleLabel.font", .font(Font(name: awkward, size: 11.5, weight: .semibold, italic: true, smallCaps: true)))
        // A style-level value a view holds before it is resolved for traits, as a host may write it.
        let dynamic = View(kind: Schema.label, id: "dynamic")
        ValueWriter(dynamic)
            .set("textColor", .dynamicColor(DynamicColor(light: .black, dark: .white, highContrastDark: Color(red: 1, green: 1, blue: 0))))
            .set("font", .font(Font(name: "Lato", size: 20).scaled(.title1)))
        let named = View(kind: Schema.view)
        ValueWriter(named).set("backgroundColor", .dynamicColor(.systemBackground))
        let image = View(kind: Schema.imageView, id: "")
        ValueWriter(image).set("image", .image(.named(awkward)))
        let card = View(kind: Schema.view, classes: ["card"])
        card.addChild(button)
        card.addChild(image)
        root.addChild(label)
        root.addChild(card)
        root.addChild(View(kind: Schema.view))
        card.addChild(dynamic)
        card.addChild(named)
        return root
    }

    func testEveryTypeOfValueIsWrittenAsTheJSONValuePathWritesIt() throws {
        let tree = everyValueTree()
        for all in [false, true] {
            let text = TreeJSONRenderer(all: all).render(tree)
            XCTAssertEqual(text, reference(tree, all: all), "all: \(all)")
            XCTAssertNotNil(try? JSONValue(parsing: text), "all: \(all)")
        }
        let parsed = try JSONValue(parsing: TreeJSONRenderer(all: true).render(tree))
        XCTAssertEqual(parsed["id"], .string(awkward))
        XCTAssertEqual(parsed["children"]?[0]?["properties"]?["text"], .string(awkward))
        XCTAssertEqual(parsed["children"]?[0]?["properties"]?["textColor"], "#33669980")
        XCTAssertEqual(parsed["children"]?[1]?["children"]?[0]?["properties"]?["titleColor"], "#FFFFFFFF")
        XCTAssertEqual(parsed["children"]?[2]?["properties"]?["layer.borderColor"], .null)
        XCTAssertTrue(TreeJSONRenderer().render(tree).contains(#""text": "say \"hi\" \\ back\u0001\b\f\n\r\t\u001f\#u{7F} é 👋 中""#))
    }

    func testTheExampleScriptsAreWrittenAsTheJSONValuePathWritesThem() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lua") }
        XCTAssertGreaterThan(files.count, 3)
        for file in files {
            let sheet = try Runtime().load(file: examples.appendingPathComponent(file).path)
            let root = try sheet.applyToOwnTree(recordingProvenance: false)
            XCTAssertEqual(TreeJSONRenderer().render(root), reference(root), file)
            XCTAssertEqual(TreeJSONRenderer(all: true).render(root), reference(root, all: true), file)
        }
    }

    /// A stylesheet's constants (a font, insets, a colour) are spelled once and copied after;
    /// an object's copy must carry the indentation of the depth it is copied to, down past where
    /// the indentation stops growing.
    func testAConstantIsCopiedWithTheIndentationOfWhereItIsWritten() throws {
        let source = """
            rule("Label", mut(Label.font, font.preferred "title3"))
            rule("Label", mut(Label.textColor, "#FF3B3080"))
            rule("Label", mut(Label.text, "x"))
            rule("View", mut(View.layoutMargins, insets(4, 8)))
            local v = Label {}
            for i = 1, 80 do v = View { Label {}, v, Label {} } end
            return v
            """
        let root = try Runtime().load(source: source).applyToOwnTree(recordingProvenance: false)
        XCTAssertEqual(TreeJSONRenderer().render(root), reference(root))
    }

    func testPiecesOfAnySizeJoinToTheDocument() {
        let tree = everyValueTree()
        let whole = Array(reference(tree).utf8)
        for size in [1, 7, 64, 1_000, 1 << 16] {
            XCTAssertEqual(Array(pieces(tree, size: size).joined()), whole, "pieces of \(size)")
        }
        XCTAssertGreaterThan(pieces(tree, size: 64).count, 5)
    }

    /// 100,000 views side by side: the document goes out in pieces of about 64 KiB, none much
    /// larger (the buffer is handed out after the view that fills it), and parses.
    func testAWideTreeGoesOutInBoundedPiecesAndParses() throws {
        let row = View(kind: Schema.view, id: "row")
        for i in 0..<100_000 {
            let label = View(kind: Schema.label, classes: ["cell"])
            ValueWriter(label, provenance: false).set("text", .string("cell \(i)"))
            row.addChild(label)
        }
        let out = pieces(row, size: 1 << 16)
        XCTAssertGreaterThan(out.count, 100)
        XCTAssertLessThan(out.map(\.count).max() ?? 0, (1 << 16) + 4096)
        let parsed = try JSONValue(parsing: String(decoding: out.joined(), as: UTF8.self))
        guard case .array(let children)? = parsed["children"] else { return XCTFail("no children") }
        XCTAssertEqual(children.count, 100_000)
        XCTAssertEqual(children[99_999]["properties"]?["text"], "cell 99999")
    }

    /// A 20,000-deep chain is walked without recursion, in bounded pieces, and its brackets
    /// nest 40,000 deep and balance (`JSONParser` stops at 512 levels, so a 200-deep chain,
    /// written the same way, is the one parsed).
    func testADeepTreeIsWrittenWithoutRecursionAndNestsCorrectly() throws {
        func chain(_ depth: Int) -> View {
            var view = View(kind: Schema.label, id: "leaf")
            ValueWriter(view, provenance: false).set("text", .string("deep"))
            for _ in 0..<depth {
                let parent = View(kind: Schema.view, classes: ["level"])
                parent.addChild(view)
                view = parent
            }
            return view
        }
        let out = pieces(chain(20_000), size: 1 << 16)
        XCTAssertLessThan(out.map(\.count).max() ?? 0, (1 << 16) + 4096)
        let bytes = Array(out.joined())
        XCTAssertEqual(Self.nesting(of: bytes), 2 * 20_000 + 2)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).components(separatedBy: "\"kind\": \"View\"").count - 1, 20_000)
        let shallow = chain(200)
        XCTAssertEqual(TreeJSONRenderer().render(shallow), reference(shallow))
        XCTAssertNotNil(try JSONValue(parsing: TreeJSONRenderer().render(shallow)))
    }

    /// How deep the brackets of a JSON text nest, when they balance outside strings and the text
    /// is one value with its newline; nil when they do not.
    static func nesting(of bytes: [UInt8]) -> Int? {
        var open: [UInt8] = [], deepest = 0, inString = false, escaped = false
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(b)
                deepest = max(deepest, open.count)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let last = open.popLast(), (last == UInt8(ascii: "{")) == (b == UInt8(ascii: "}")) else { return nil }
                if open.isEmpty, bytes[(i + 1)...] != [UInt8(ascii: "\n")] { return nil }
            default: break
            }
        }
        return open.isEmpty && !inString ? deepest : nil
    }
}
