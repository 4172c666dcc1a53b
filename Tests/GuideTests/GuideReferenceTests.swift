import Foundation
import StyleRun
import XCTest

/// docs/SWIFT.md §14, run: the types a host meets beyond the guide's screen, each as the guide
/// shows it, and what each prints.
final class GuideReferenceTests: GuideTestCase {
    func testEventsChangesAndDiagnostics() throws {
        let runtime = Runtime()
        let root = View(.view, id: "home") { View(.label, id: "title", classes: ["title"]) }

        // load(source:name:folder:theme:): `name` is what diagnostics call the text, `folder`
        // is where its `require` looks first.
        let sheet = try runtime.load(source: "rule(\".title\", mut(Label.textColor, \"#FF3B30\"))\n",
                                     name: "inline.lua", folder: "styles")
        let changes = try sheet.apply(to: root, binder: nil)
        let change = changes[0]
        let text = change.description                  // #title textColor: #000000 → #FF3B30
        let before = change.old.description            // #000000
        let property = change.property                 // "textColor"
        XCTAssertEqual(text, "#title textColor: #000000 → #FF3B30")
        XCTAssertEqual(before, "#000000")
        XCTAssertEqual(property, "textColor")
        XCTAssertTrue(root.view(for: change) === root.children[0])

        var problem: Diagnostic?
        do {
            _ = try runtime.load(source: "rule(\".title\", mut(Label.textColr, color.red))\n", name: "broken.lua")
        } catch {
            problem = error.diagnostics.first            // a DiagnosticList holds every error found
        }
        let code = problem?.code.description            // "unknown-property"
        let line = problem?.line                        // 1
        let shown = problem?.description                // broken.lua:1:26: error: Label has no property 'textColr'. Did you mean 'textColor'? [unknown-property]
        XCTAssertEqual(code, "unknown-property")
        XCTAssertEqual(line, 1)
        XCTAssertEqual(shown, "broken.lua:1:26: error: Label has no property 'textColr'. Did you mean 'textColor'? [unknown-property]")
        XCTAssertEqual(problem?.suggestions, ["textColor"])

        let event = ReloadEvent.failed(milliseconds: 1.5, diagnostics: [problem!])
        switch event {
        case .reloaded(_, let files, let changes):      // the scripts read, what changed
            XCTFail("\(files) \(changes)")
        case .failed(_, let diagnostics):               // the tree kept its last good styles
            XCTAssertEqual(diagnostics.count, 1)
        }
        XCTAssertFalse(event.isSuccess)
        XCTAssertEqual(event.changes, [])
    }

    func testViewsShapeAndValuesByHand() throws {
        let title = View(.label, id: "title")
        let root = View(.view, id: "home") { title }
        title.setClasses(["title", "large"])          // restyle to apply rules of the new classes
        title.removeFromParent()                        // root has no children now
        root.addChild(title)
        try title.set(Label.numberOfLines, 2)
        title.resetToDefaults()                         // every value back to its kind's default
        let lines = title[Label.numberOfLines]          // 1
        XCTAssertEqual(title.classes, ["title", "large"])
        XCTAssertTrue(title.parent === root)
        XCTAssertEqual(lines, 1)
    }

    func testAnEnumKeyWithoutADefaultStartsAtItsFirstCase() throws {
        let (_, avatar) = try makeRuntime()
        let shape = View(avatar)[AvatarView.shape]      // .circle: AvatarShape's first case
        XCTAssertEqual(shape, .circle)
    }

    func testALintReport() throws {
        let report = try Linter().lint(paths: ["styles"])
        let counts = (report.files, report.errors, report.warnings)
        let failing = report.fails(maxWarnings: 0)      // errors, or more warnings than allowed
        XCTAssertEqual(counts.0, 1)
        XCTAssertEqual(failing, counts.1 > 0 || counts.2 > 0)
    }
}
