import Foundation
import StyleCore
import StyleLayout
@testable import StyleText
import XCTest

/// The measurer against HarfBuzz's own command-line shaper (`hb-shape`, Debian's
/// libharfbuzz-bin), for the same strings in the same font files.
final class FontTextMeasurerTests: XCTestCase {
    let measurer = FontTextMeasurer()

    /// `hb-shape FILE TEXT` prints `[gid=cluster+advance|…]`; without names and clusters,
    /// `[gid+advance|…]`: the sum of the advances, in font units.
    func hbShapeAdvance(file: String, text: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--no-glyph-names", "--no-clusters", "--no-positions", file, text]
        // --no-positions drops offsets and advances; ask for advances alone instead.
        process.arguments = ["--no-glyph-names", "--no-clusters", file, "--", text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // [395+1796|900+1636|…]: each glyph is gid+advance (an offset would add @x,y).
        let glyphs = output.dropFirst().dropLast().split(separator: "|")
        return try glyphs.reduce(0.0) { sum, glyph in
            let advance = glyph.split(separator: "+").last.map { $0.split(separator: "@").first ?? $0 }
            return sum + (try XCTUnwrap(advance.flatMap { Double($0) }, "cannot read '\(glyph)' in \(output)"))
        }
    }

    func testAdvanceWidthsAreHarfBuzzsForTheSameStringsAndFonts() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape"), "hb-shape is not installed (scripts/setup)")
        let fonts: [Font] = [.system(17), .system(17, .bold), Font(size: 13, weight: .medium, italic: true), .system(34, .black)]
        let texts = ["Subscribe", "Sign in with Apple", "AVA Type fi fl", "Ünïcödé – “quotes” …", "1234567890"]
        for font in fonts {
            let face = try XCTUnwrap(measurer.face(for: font))
            XCTAssertTrue(face.file.contains("Inter"), "\(font) is measured in \(face.file), not Inter")
            for text in texts {
                let expected = try hbShapeAdvance(file: face.file, text: text) * font.size / face.unitsPerEm
                XCTAssertEqual(measurer.advanceWidth(of: text, font: font), expected, accuracy: 0.0001, "\(text) in \(face.name)")
                XCTAssertEqual(measurer.measure(TextRequest(text: text, font: font)).size.width, (expected - 0.000001).rounded(.up),
                               "\(text) in \(face.name): a label's width is the advances rounded up")
            }
        }
    }

    func testWeightsAndItalicAreTheirOwnFiles() throws {
        let regular = try XCTUnwrap(measurer.face(for: .system(17)))
        let bold = try XCTUnwrap(measurer.face(for: .system(17, .bold)))
        let italic = try XCTUnwrap(measurer.face(for: Font(size: 17, italic: true)))
        XCTAssertEqual(regular.name, "Inter")
        XCTAssertEqual(bold.name, "Inter Bold")
        XCTAssertEqual(italic.name, "Inter Italic")
        XCTAssertNil(regular.substitution)
        XCTAssertGreaterThan(measurer.advanceWidth(of: "Subscribe", font: .system(17, .bold)),
                             measurer.advanceWidth(of: "Subscribe", font: .system(17)))
        for (weight, name) in [(Font.Weight.ultraLight, "Inter Thin"), (.thin, "Inter ExtraLight"), (.semibold, "Inter SemiBold"),
                               (.heavy, "Inter ExtraBold"), (.black, "Inter Black")] {
            XCTAssertEqual(measurer.face(for: .system(17, weight))?.name.replacingOccurrences(of: " ", with: ""),
                           name.replacingOccurrences(of: " ", with: ""), "\(weight)")
        }
    }

    func testANamedFontIsFoundByItsPostScriptName() throws {
        let face = try XCTUnwrap(measurer.face(for: Font(name: "Inter-SemiBold", size: 15)))
        XCTAssertTrue(face.file.hasSuffix("Inter-SemiBold.otf"), face.file)
        XCTAssertNil(face.substitution)
    }

    func testAMissingFontIsAWarningNamingItAndItsStandIn() throws {
        let m = measurer.measure(TextRequest(text: "Episode", font: Font(name: "Avenir-Heavy", size: 17, weight: .heavy)))
        let substitution = try XCTUnwrap(m.substitution)
        XCTAssertEqual(substitution.requested, "Avenir-Heavy")
        XCTAssertEqual(substitution.standIn.replacingOccurrences(of: " ", with: ""), "InterExtraBold")
        XCTAssertEqual(substitution.message,
                       "The font 'Avenir-Heavy' is not installed; its text is measured in '\(substitution.standIn)' instead. Install the font to measure it exactly.")
        XCTAssertGreaterThan(m.size.width, 0)
    }

    func testLineHeightIsTheFontsAscenderDescenderAndGap() {
        let metrics = measurer.metrics(of: .system(17))
        XCTAssertGreaterThan(metrics.ascender, 0)
        XCTAssertLessThan(metrics.descender, 0)
        XCTAssertGreaterThanOrEqual(metrics.lineHeight, metrics.ascender - metrics.descender - 0.0001)
        // Inter's lines are 1.21 em, as San Francisco's 20.29 points at 17 are 1.19 em.
        XCTAssertEqual(metrics.lineHeight / 17, 1.21, accuracy: 0.02)
        let twice = measurer.metrics(of: .system(34))
        XCTAssertEqual(twice.lineHeight, metrics.lineHeight * 2, accuracy: 0.0001)
    }

    func testWrappedTextIsAsTallAsItsLines() {
        let text = "Stories from the people who build the things you use every day"
        let font = Font.system(17)
        let metrics = measurer.metrics(of: font)
        let natural = measurer.advanceWidth(of: text, font: font)
        for width in [320.0, 200, 120, 80] {
            let m = measurer.measure(TextRequest(text: text, font: font, maxWidth: width, numberOfLines: 0, lineBreakMode: .byWordWrapping))
            XCTAssertLessThanOrEqual(m.size.width, width)
            XCTAssertGreaterThanOrEqual(Double(m.lineCount), (natural / width).rounded(.up), "at \(width)")
            XCTAssertEqual(m.size.height, (Double(m.lineCount) * metrics.lineHeight - 0.000001).rounded(.up))
            XCTAssertNil(m.truncation)
        }
        let two = measurer.measure(TextRequest(text: text, font: font, maxWidth: 120, numberOfLines: 2))
        XCTAssertEqual(two.lineCount, 2)
        XCTAssertEqual(two.truncation?.line, 2)
        XCTAssertEqual(two.truncation?.ellipsis, true)
        XCTAssertLessThan(two.truncation?.charactersShown ?? .max, Array(text).count)
    }

    func testMeasuringTheSameTwiceShapesOnce() {
        let request = TextRequest(text: "Listen now", font: .system(15, .semibold), maxWidth: 100, numberOfLines: 0)
        let first = measurer.measure(request)
        let shaped = measurer.shapingCount
        XCTAssertEqual(measurer.measure(request), first)
        XCTAssertEqual(measurer.shapingCount, shaped, "the same request is answered from the cache")
        var narrower = request
        narrower.maxWidth = 50
        _ = measurer.measure(narrower)
        XCTAssertEqual(measurer.shapingCount, shaped, "another width wraps the text shaped before")
        _ = measurer.measure(TextRequest(text: "Listen later", font: .system(15, .semibold)))
        XCTAssertEqual(measurer.shapingCount, shaped + 1)
    }

    func testAnEmptyTextHasNoSize() {
        let m = measurer.measure(TextRequest(text: "", font: .system(17)))
        XCTAssertEqual(m.size, .zero)
        XCTAssertEqual(m.lineCount, 0)
    }
}
