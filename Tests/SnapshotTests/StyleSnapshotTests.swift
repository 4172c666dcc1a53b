import Foundation
import StyleRun
import XCTest

/// The snapshot text: what it records, how it reads back, and what the comparison sees.
final class StyleSnapshotTests: XCTestCase {
    /// A styled screen from script text.
    private func styled(_ source: String) throws -> View {
        let runtime = Runtime()
        return try runtime.load(source: source, name: "screen.lua").applyToOwnTree()
    }

    private let screen = """
        rule("Button.primary", mut(Button.titleColor, color.white))
        return StackView { id = "root", spacing = 8,
          Label { text = "Hello  ← not a note", font = font.named("Avenir Next", 15) },
          Button { id = "go", class = "primary", title = "Go" },
        }
        """

    /// What a capture records of each property (read from the winning writes, each constant
    /// spelled once) is what the whole provenance says: its last contribution and the value.
    func testEveryExampleRecordsTheLastContributionAndTheValue() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThan(files.count, 3)
        var screens = 0
        for file in files {
            let sheet = try Runtime().load(file: examples.appendingPathComponent(file).path)
            guard sheet.root != nil else { continue }
            for traits in [Traits.default, Traits(colorScheme: .dark, contentSize: .accessibilityLarge)] {
                sheet.traits = traits
                let root = try sheet.applyToOwnTree()
                screens += 1
                var views: [View] = []
                root.forEachInTree { views.append($0) }
                let snapshot = StyleSnapshot(root)
                XCTAssertEqual(snapshot.views.count, views.count, file)
                for (view, record) in zip(views, snapshot.views) {
                    let provenance = try XCTUnwrap(view.provenance, file)
                    for property in view.kind.properties {
                        let recorded = try XCTUnwrap(record.properties.first { $0.path == property.path })
                        XCTAssertEqual(recorded.value, StyleSnapshot.text(view[property]), "\(file) \(record.reference) \(property.path)")
                        let last = try XCTUnwrap(provenance[property.slot].last)
                        let expected = last.origin == .kindDefault ? nil
                            : StyleSnapshot.Source(origin: last.origin.description, file: last.location?.file ?? "",
                                                   line: last.location?.line ?? 0, token: last.location?.token?.description)
                        XCTAssertEqual(recorded.source, expected, "\(file) \(record.reference) \(property.path)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(screens, 3)
    }

    /// A recorder keeps the records of the views a styling leaves as they were, and only
    /// those: every example, styled for traits in turn (and with a label's text changed between
    /// two stylings), records what a snapshot made from nothing records.
    func testARecorderKeepsOnlyTheViewsAStylingLeftAsTheyWere() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lua") }.sorted()
        let sequence = [Traits.default, Traits(colorScheme: .dark), Traits(colorScheme: .dark, contentSize: .accessibilityExtraExtraExtraLarge),
                        Traits(contentSize: .extraSmall), Traits(contrast: .high), .default, Traits(colorScheme: .dark)]
        var kept = 0, recorded = 0
        for file in files {
            let sheet = try Runtime().load(file: examples.appendingPathComponent(file).path)
            guard sheet.root != nil else { continue }
            let recorder = StyleSnapshot.Recorder()
            for (i, traits) in sequence.enumerated() {
                sheet.traits = traits
                let root = try sheet.applyToOwnTree()
                if i == 3 {
                    // Content changed between two stylings is recorded anew.
                    var label: View?
                    root.forEachInTree { if label == nil, $0.kind.name == "Label" { label = $0 } }
                    try label?.set("text", .string("Changed \(file)"))
                    try sheet.apply(to: root)
                }
                if i == 5 {
                    // A view renamed and one added: the names and places are recorded anew.
                    var views: [View] = []
                    root.forEachInTree { views.append($0) }
                    views.last?.id = "renamed"
                    root.addChild(View(kind: Schema.label, classes: ["added"]))
                    try sheet.apply(to: root)
                }
                let before = recorder.viewsKept
                let snapshot = StyleSnapshot(root, recorder: recorder)
                XCTAssertEqual(snapshot, StyleSnapshot(root), "\(file) at \(traits)")
                if i == 3 { XCTAssertTrue(snapshot.views.contains { $0.properties.contains { $0.value == "\"Changed \(file)\"" } }, file) }
                if i >= 5 { XCTAssertTrue(snapshot.views.contains { $0.reference == "#renamed" } && snapshot.views.last?.kindAndClasses == "Label.added", file) }
                if i > 0 { kept += recorder.viewsKept - before }
                recorded += snapshot.views.count
            }
        }
        // Containers and fixed-size text keep theirs through most trait changes.
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThan(kept, recorded)
    }

    func testEveryViewAndPropertyIsRecordedWithWhatSetIt() throws {
        let snapshot = StyleSnapshot(try styled(screen))
        XCTAssertEqual(snapshot.views.map(\.reference), ["#root", "StackView#root > Label[1]", "#go"])
        XCTAssertEqual(snapshot.views.map(\.kindAndClasses), ["StackView", "Label", "Button.primary"])
        let button = snapshot.views[2]
        XCTAssertEqual(button.properties.count, Schema.standard.kind(named: "Button")?.properties.count)
        XCTAssertEqual(button.properties.map(\.path), button.properties.map(\.path).sorted())
        let titleColor = try XCTUnwrap(button.properties.first { $0.path == "titleColor" })
        XCTAssertEqual(titleColor.value, "#FFFFFF")
        XCTAssertEqual(titleColor.source, StyleSnapshot.Source(origin: "rule \"Button.primary\"", file: "screen.lua", line: 1))
        XCTAssertNil(button.properties.first { $0.path == "alpha" }?.source, "a default has no source")

        let text = snapshot.text(title: "screen.lua")
        XCTAssertTrue(text.hasPrefix("# stylerun snapshot: screen.lua\n"))
        XCTAssertTrue(text.contains("\n#go  Button.primary\n"))
        XCTAssertTrue(text.contains("\n  titleColor: #FFFFFF                         ← rule \"Button.primary\" screen.lua:1\n"))
        XCTAssertTrue(text.contains("\n  alpha: 1\n"))
        XCTAssertTrue(text.contains("\n  font: \"Avenir Next\" 15 "), "a named font's name is quoted")
    }

    func testTextReadsBackWithoutDifferences() throws {
        let snapshot = StyleSnapshot(try styled(screen))
        let recorded = try RecordedSnapshot(text: snapshot.text(title: "screen.lua"))
        XCTAssertEqual(recorded.views.count, 3)
        XCTAssertEqual(recorded.views[1].properties.first { $0.path == "text" }?.value, #""Hello  ← not a note""#)
        XCTAssertEqual(recorded.differences(to: snapshot), [])
    }

    func testNotesAreNotCompared() throws {
        let snapshot = StyleSnapshot(try styled(screen))
        let moved = snapshot.text(title: "screen.lua").replacingOccurrences(of: "screen.lua:1", with: "screen.lua:40")
        XCTAssertEqual(try RecordedSnapshot(text: moved).differences(to: snapshot), [])
    }

    func testAChangedValueNamesTheViewTheValuesAndWhatSetsItNow() throws {
        let old = StyleSnapshot(try styled(screen))
        let new = StyleSnapshot(try styled(screen.replacingOccurrences(of: "color.white", with: "color \"#123456\"")))
        let differences = try RecordedSnapshot(text: old.text(title: "t")).differences(to: new)
        XCTAssertEqual(differences, [SnapshotDifference(view: "#go", property: "titleColor", old: "#FFFFFF", new: "#123456",
                                                        source: .init(origin: "rule \"Button.primary\"", file: "screen.lua", line: 1))])
        XCTAssertEqual(differences[0].description,
                       #"#go  titleColor: #FFFFFF → #123456 (set by rule "Button.primary" at screen.lua:1)"#)
    }

    func testViewsThatAreNewGoneOrOfAnotherKindAreDifferences() throws {
        let old = StyleSnapshot(try styled(#"return StackView { id = "root", Label { id = "a" }, Label { id = "b", class = "x" } }"#))
        let new = StyleSnapshot(try styled(#"return StackView { id = "root", Label { id = "b", class = "y" }, View { id = "c" } }"#))
        let summaries = try RecordedSnapshot(text: old.text(title: "t")).differences(to: new).map(\.summary)
        XCTAssertEqual(summaries, ["#b  Label.x → Label.y", "#c  new view View", "#a  view removed (was Label)"])
    }

    func testUpdatedTextKeepsTheLinesOfValuesThatDidNotChange() throws {
        let old = StyleSnapshot(try styled(screen))
        // A recorded note that no longer holds stays as it was: only changed lines are rewritten.
        let recordedText = old.text(title: "t").replacingOccurrences(of: "← literal screen.lua:2", with: "← literal screen.lua:99")
        let new = StyleSnapshot(try styled(screen.replacingOccurrences(of: "spacing = 8", with: "spacing = 12")))
        let updated = try RecordedSnapshot(text: recordedText).updatedText(for: new, title: "t")
        let oldLines = recordedText.split(separator: "\n"), newLines = updated.split(separator: "\n")
        XCTAssertEqual(oldLines.count, newLines.count)
        let changed = zip(oldLines, newLines).filter { $0 != $1 }
        XCTAssertEqual(changed.map(\.1), ["  spacing: 12                                 ← literal screen.lua:2"])
        XCTAssertEqual(try RecordedSnapshot(text: updated).differences(to: new), [])
    }

    func testALineThatIsNotASnapshotIsAFormatError() {
        XCTAssertThrowsError(try RecordedSnapshot(text: "# stylerun snapshot: t\n\n  alpha: 1\n")) { error in
            XCTAssertEqual((error as? RecordedSnapshot.FormatError)?.line, 3)
        }
        XCTAssertThrowsError(try RecordedSnapshot(text: "#root  StackView\n  alpha 1\n"))
    }
}
