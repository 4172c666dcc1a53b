import DesignTokens
import Foundation
import StyleCore
import XCTest

/// The fixtures: the 2025.10 format's own examples (groups, aliases, `$ref`, types).
func fixture(_ name: String) -> (name: String, text: String) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return (name, try! String(contentsOf: url, encoding: .utf8))
}

func tokens(_ text: String, file: String = "t.tokens.json") -> TokenSet { TokenSet(files: [(file, text)]) }

final class TokenSetTests: XCTestCase {
    func color(_ set: TokenSet, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Color? {
        guard case .color(let c, _)? = set.tokens[name]?.value else {
            XCTFail("\(name) is \(String(describing: set.tokens[name]?.value))", file: file, line: line)
            return nil
        }
        return c
    }

    func testGroupsInheritTypesAndKeepDescriptions() {
        let set = TokenSet(files: [fixture("groups.tokens.json")])
        XCTAssertEqual(set.errors, [])
        XCTAssertEqual(color(set, "color.primary"), Color(red: 0, green: 0.4, blue: 0.8))
        XCTAssertEqual(set.tokens["color.secondary"]?.definition.description, "Links and quiet accents")
        XCTAssertEqual(set.groupDescriptions["color"], "Brand colours")
        XCTAssertEqual(set.tokens["color.primary"]?.definition.location, SourceLocation(file: "groups.tokens.json", line: 6, column: 5))
        XCTAssertEqual(color(set, "color.accent.$root"), Color(red: 0.867, green: 0, blue: 0))
        XCTAssertEqual(set.tokens["color.legacy"]?.definition.deprecated, "Use color.accent instead.")
        XCTAssertNil(set.tokens["color.primary"]?.definition.deprecated)
    }

    func testExtendsInheritsAndOverrides() {
        let set = TokenSet(files: [fixture("groups.tokens.json")])
        XCTAssertEqual(color(set, "button-primary.background"), Color(red: 0.8, green: 0, blue: 0.4))
        XCTAssertEqual(color(set, "button-primary.text"), Color(red: 1, green: 1, blue: 1))
    }

    func testAliasesFollowChainsAndPointers() {
        let set = TokenSet(files: [fixture("aliases.tokens.json")])
        XCTAssertEqual(set.errors, [])
        XCTAssertEqual(color(set, "semantic.link"), Color(red: 0, green: 0.4, blue: 0.8))
        XCTAssertEqual(set.tokens["semantic.link"]?.chain.map(\.token), ["semantic.brand", "base.primary"])
        XCTAssertEqual(set.tokens["semantic.link"]?.chain.map(\.location.line), [10, 3])
        XCTAssertEqual(set.tokens["semantic.primary"]?.chain.map(\.token), ["base.primary"])
        XCTAssertEqual(set.tokens["semantic.primaryGreen"]?.value, .number(0.4))
        XCTAssertEqual(color(set, "semantic.tinted"), Color(red: 0, green: 0.4, blue: 0.5))
        XCTAssertEqual(set.tokens["layout.small"]?.value, .dimension(Dimension(16, .rem)))
        if case .dimension(let d)? = set.tokens["layout.small"]?.value { XCTAssertEqual(d.points, 256) }
    }

    func testEveryTypeOfTheFormat() throws {
        let set = TokenSet(files: [fixture("types.tokens.json")])
        XCTAssertEqual(set.errors, [])
        XCTAssertEqual(set.tokens["space.small"]?.value, .dimension(Dimension(0.5, .rem)))
        XCTAssertEqual(set.tokens["font.weight.default"]?.value, .fontWeight(350))
        XCTAssertEqual(FontWeights.weight(350), .regular)
        XCTAssertEqual(FontWeights.weight(800), .heavy)
        XCTAssertEqual(set.tokens["font.weight.thick"]?.value, .fontWeight(800))
        guard case .typography(let h1)? = set.tokens["type styles.heading-level-1"]?.value else { return XCTFail() }
        XCTAssertEqual(h1.font, Font(name: "Roboto", size: 42, weight: .bold))
        XCTAssertEqual(h1.lineHeight, 1.2)
        guard case .typography(let micro)? = set.tokens["type styles.microcopy"]?.value else { return XCTFail() }
        XCTAssertEqual(micro.font, Font(name: "Georgia", size: 12, weight: .regular))
        guard case .shadow(let layers, let isList)? = set.tokens["shadow.layered"]?.value else { return XCTFail() }
        XCTAssertTrue(isList)
        XCTAssertEqual(layers.count, 2)
        XCTAssertEqual(layers[0].color, Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(layers[0].offsetX.points, 8)
        XCTAssertTrue(layers[1].inset)
        guard case .border(let ring)? = set.tokens["border.focusring"]?.value else { return XCTFail() }
        XCTAssertEqual(ring.width.points, 1)
        XCTAssertEqual(ring.style, .dashes([Dimension(0.5, .rem), Dimension(0.25, .rem)], lineCap: "round"))
        guard case .transition(let t)? = set.tokens["motion.emphasis"]?.value else { return XCTFail() }
        XCTAssertEqual(t.duration.seconds, 0.1, accuracy: 1e-12)
        XCTAssertEqual(t.timingFunction, [0.5, 0, 1, 1])
        guard case .gradient(let stops)? = set.tokens["gradient.blue-to-red"]?.value else { return XCTFail() }
        XCTAssertEqual(stops.map(\.position), [0, 1])
    }

    func testColourSpacesConvertToSRGB() throws {
        let set = TokenSet(files: [fixture("types.tokens.json")])
        XCTAssertEqual(color(set, "color.white-hsl"), Color(red: 1, green: 1, blue: 1))
        // display-p3's red is CSS Color 4's rgb(109.3% -22.67% -15.01%), outside sRGB: clipped.
        let p3Red = try XCTUnwrap(ColorSpaces.srgb("display-p3", [1, 0, 0]))
        XCTAssertEqual(p3Red.0, 1.0930, accuracy: 0.001)
        XCTAssertEqual(p3Red.1, -0.2267, accuracy: 0.001)
        XCTAssertEqual(p3Red.2, -0.1501, accuracy: 0.001)
        let p3 = try XCTUnwrap(color(set, "color.focusring"))
        XCTAssertTrue([p3.red, p3.green, p3.blue].allSatisfy { (0...1).contains($0) })
        // oklch(0.628 0.2577 29.23) is CSS's red, #FF0000.
        let ok = try XCTUnwrap(color(set, "color.ok"))
        XCTAssertEqual(ok.red, 1, accuracy: 0.002)
        XCTAssertEqual(ok.green, 0, accuracy: 0.002)
        XCTAssertEqual(ok.blue, 0, accuracy: 0.002)
        let lin = try XCTUnwrap(ColorSpaces.srgb("srgb-linear", [0.2140, 0.2140, 0.2140]))
        XCTAssertEqual(lin.0, 0.5, accuracy: 0.001)
        let lab = try XCTUnwrap(ColorSpaces.srgb("lab", [54.29, 80.82, 69.91]))
        XCTAssertEqual(lab.0, 1, accuracy: 0.002)
        XCTAssertEqual(lab.1, 0, accuracy: 0.002)
        let hwb = try XCTUnwrap(ColorSpaces.srgb("hwb", [120, 0, 50]))
        XCTAssertEqual(hwb.1, 0.5, accuracy: 1e-9)
    }

    func testLaterFilesReplaceEarlierTokensAndAliasAcrossFiles() {
        let palette = ##"{"palette": {"red": {"500": {"$type": "color", "$value": "#FF3B30"}}}}"##
        let brand = #"""
        {
          "color": {
            "danger": { "$value": "{palette.red.500}" }
          }
        }
        """#
        let set = TokenSet(files: [("palette.tokens.json", palette), ("brand.tokens.json", brand)])
        XCTAssertEqual(set.errors, [])
        XCTAssertEqual(color(set, "color.danger"), Color(hex: "#FF3B30"))
        XCTAssertEqual(set.tokens["color.danger"]?.definition.location.description, "brand.tokens.json:3")
        XCTAssertEqual(set.tokens["color.danger"]?.chain.first?.description, "{palette.red.500} (palette.tokens.json:1)")
    }
}
