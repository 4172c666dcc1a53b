import StyleCore
import StyleLayout
import StyleText
import XCTest

/// Plain views, constraints and the intrinsic sizes of labels, buttons, fields and images.
final class ViewLayoutTests: XCTestCase {
    func testAPlainViewStacksItsChildrenInsideItsMargins() {
        // The default margins are 8: children 375 - 16 = 359 wide unless they have a width.
        let root = Fixture.view(Schema.view, "screen", [:], [
            Fixture.box("banner", 100, 30),
            Fixture.view(Schema.view, "fixed", ["width": .number(100), "height": .number(50)]),
        ])
        let layout = Fixture.layout(root, width: 375)
        assertFrames(layout, ["screen": frame(0, 0, 375, 96), "banner": frame(8, 8, 359, 30), "fixed": frame(8, 38, 100, 50)])
        XCTAssertEqual(layout.layout(of: root)?.reason, "width: the screen (375); height: its content")
        XCTAssertEqual(layout.layout(of: root.children[1])?.widthReason, "width constraint")
        // Right to left, a narrower child sits at the trailing… leading edge: the right.
        assertFrames(Fixture.layout(root, width: 375, direction: .rightToLeft), ["fixed": frame(267, 38, 100, 50)])
    }

    func testAnEmptyViewHasNoHeight() {
        assertFrames(Fixture.layout(Fixture.view(Schema.view, "empty"), width: 320), ["empty": frame(0, 0, 320, 0)])
    }

    func testAspectRatioGivesTheHeightOfAWidth() {
        let root = Fixture.view(Schema.view, "screen", ["layoutMargins": .insets(Insets(all: 8))], [
            Fixture.view(Schema.view, "hero", ["aspectRatio": .number(2)]),
            Fixture.view(Schema.view, "thumb", ["height": .number(30), "aspectRatio": .number(1.5)]),
        ])
        // hero: 200 wide, so 100 tall; thumb: 30 tall, so 45 wide.
        assertFrames(Fixture.layout(root, width: 216),
                     ["hero": frame(8, 8, 200, 100), "thumb": frame(8, 108, 45, 30), "screen": frame(0, 0, 216, 146)])
    }

    func testARootHeightConstraintWins() {
        assertFrames(Fixture.layout(Fixture.view(Schema.view, "screen", ["height": .number(640)]), width: 320),
                     ["screen": frame(0, 0, 320, 640)])
    }

    func testAWrappingLabelAtSeveralWidths() {
        // "one two three four" at 20 points: 10 a character, lines of 24.
        func screen() -> View {
            Fixture.view(Schema.view, "screen", [:], [Fixture.label("body", "one two three four", ["numberOfLines": .int(0)])])
        }
        let cases: [(Double, Double)] = [
            (200, 24),   // 184 wide: the whole 180 on one line
            (120, 48),   // 104: "one two" / "three four"
            (80, 96),    // 64: one word a line
        ]
        for (width, height) in cases {
            assertFrames(Fixture.layout(screen(), width: width),
                         ["body": frame(8, 8, width - 16, height), "screen": frame(0, 0, width, height + 16)])
        }
    }

    func testALabelOnLimitedLinesIsTruncatedAsData() throws {
        let root = Fixture.view(Schema.view, "screen", [:], [
            Fixture.label("title", "one two three four", ["numberOfLines": .int(2)]),
        ])
        // 64 wide: four lines of one word; two are shown, the second ends in "t…" after "two".
        let layout = Fixture.layout(root, width: 80)
        assertFrames(layout, ["title": frame(8, 8, 64, 48)])
        let truncation = try XCTUnwrap(layout.layout(of: root.children[0])?.truncation)
        // "one " then "two t" and an ellipsis: 4 + 5 characters of 18.
        XCTAssertEqual(truncation, Truncation(line: 2, charactersShown: 9, characters: 18, ellipsis: true))
    }

    func testASingleLineLabelCompressedInAStackIsTruncated() throws {
        let root = Fixture.stack("row", [:], [Fixture.label("a", "abcdefgh"), Fixture.label("b", "ijklmnop")])
        // 100 wide for 160: the last label gives up 60 and keeps 20, one character and "…".
        let layout = Fixture.layout(root, width: 100)
        assertFrames(layout, ["a": frame(0, 0, 80, 24), "b": frame(80, 0, 20, 24)])
        XCTAssertNil(layout.layout(of: root.children[0])?.truncation)
        XCTAssertEqual(layout.layout(of: root.children[1])?.truncation,
                       Truncation(line: 1, charactersShown: 1, characters: 8, ellipsis: true))
        XCTAssertTrue(layout.layout(of: root.children[1])!.widthReason.contains("compressed"))
    }

    func testATruncatedSingleLineLabelIsAsWideAsTheRoomNotItsTruncatedText() {
        // "abcdefghijkl" is 120 in a 95-wide leading column: the label is 95 wide (its
        // intrinsic 120 capped), showing 8 characters and an ellipsis (90 of the 95).
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("leading")],
                                 [Fixture.label("a", "abcdefghijkl")])
        let layout = Fixture.layout(root, width: 95)
        assertFrames(layout, ["a": frame(0, 0, 95, 24)])
        XCTAssertEqual(layout.layout(of: root.children[0])?.truncation,
                       Truncation(line: 1, charactersShown: 8, characters: 12, ellipsis: true))
    }

    func testAButtonIsItsTitlePlusContentEdgeInsets() {
        // "Subscribe" at 20 points is 90 × 24; with the insets, 138 × 48, centred in 300.
        let centred = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("center")], [
            Fixture.view(Schema.button, "go", [
                "title": .string("Subscribe"), "titleLabel.font": .font(.system(20)),
                "contentEdgeInsets": .insets(Insets(top: 12, left: 24, bottom: 12, right: 24)),
            ]),
        ])
        assertFrames(Fixture.layout(centred, width: 300), ["go": frame(81, 0, 138, 48), "column": frame(0, 0, 300, 48)])
    }

    func testALabelHugsMoreThanAButton() {
        // A label (251) and a button (250) in a row: the button stretches.
        let root = Fixture.stack("row", [:], [
            Fixture.label("name", "Title"),
            Fixture.view(Schema.button, "go", ["title": .string("Go"), "titleLabel.font": .font(.system(20))]),
        ])
        assertFrames(Fixture.layout(root, width: 300), ["name": frame(0, 0, 50, 24), "go": frame(50, 0, 250, 24)])
    }

    func testATextFieldIsItsFontsLineHeight() {
        let root = Fixture.view(Schema.view, "form", [:], [
            Fixture.view(Schema.textField, "email", ["placeholder": .string("Email"), "font": .font(.system(20))]),
        ])
        assertFrames(Fixture.layout(root, width: 320), ["email": frame(8, 8, 304, 24)])
    }

    func testAnImageWithoutAFileIsEmpty() {
        let root = Fixture.stack("row", ["alignment": .enumCase("leading")], [
            Fixture.view(Schema.imageView, "missing", ["image": .image(.named("logo"))]), Fixture.box("b", 10, 10),
        ])
        assertFrames(Fixture.layout(root, width: 100), ["missing": frame(0, 0, 0, 0), "b": frame(0, 0, 100, 10)])
    }
}
