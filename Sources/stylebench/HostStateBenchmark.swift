import Foundation
import StyleRun

/// A host pressing one control and switching traits on the 10,000-view host tree: one
/// control's state restyles that control alone (`LoadedStylesheet.setState`), against a full
/// restyle of the tree in the same run; a trait change (dark mode, a text size) restyles the
/// tree and costs no more than a full restyle of it with cold caches (a new stylesheet's
/// first application), and no more than the plain way a host would switch them without it:
/// setting the traits and restyling the whole tree with its changes (`apply(to:binder:)`).
struct HostStateBenchmark {
    let rounds: Int

    func run() -> [Row] {
        let workload = Workload(views: 10_000)
        // The workload's styles, with a pressed state and a dark appearance.
        let source = workload.luaSource + """

            rule("Button:highlighted", mut(View.alpha, 0.8))
            appearance(Label, when({ colorScheme = "dark" }, mut(Label.textColor, "#EEEEEE")))
            """
        let sheet = load(source, traits: .default)
        let root = Trees.forCascade(workload)
        var button: View?
        root.forEachInTree { if button == nil, $0.kind === Schema.button { button = $0 } }
        guard let button else { fail("the host tree has no button") }
        check { try sheet.apply(to: root) }

        var coldFull = Samples(), full = Samples(), toggle = Samples(), traits = Samples(), ratios = Samples(), traitRatios = Samples()
        var plain = Samples(), plainRatios = Samples()
        for round in 0..<rounds {
            let f = milliseconds { check { try sheet.apply(to: root) } }
            // Pressed and released: two state changes, each restyling the button.
            var pressed: [PropertyChange] = []
            let t = milliseconds {
                check {
                    pressed = try sheet.setState(.highlighted, of: button)
                    try sheet.setState(nil, of: button)
                }
            } / 2
            guard pressed.contains(where: { $0.property == "alpha" }) else { fail("pressing changed no alpha") }
            let next = round % 2 == 0 ? Traits(colorScheme: .dark, contentSize: .extraLarge) : .default
            let c = milliseconds { check { try sheet.setTraits(next, restyling: root) } }
            // The plain way for a host: set the traits and restyle the whole tree, reporting
            // what changed (`apply(to:binder:)`); there and back, to end at `next` again.
            let former: Traits = round % 2 == 0 ? .default : Traits(colorScheme: .dark, contentSize: .extraLarge)
            let p = milliseconds {
                check {
                    sheet.traits = former
                    let back = try sheet.apply(to: root, binder: nil)
                    sheet.traits = next
                    let again = try sheet.apply(to: root, binder: nil)
                    guard !back.isEmpty, !again.isEmpty else { fail("switching traits the plain way changed nothing") }
                }
            } / 2
            // A full restyle without the caches of the last one: what other traits make of
            // every cached result, as a new stylesheet's first application.
            let fresh = load(source, traits: next)
            let cold = milliseconds { check { try fresh.apply(to: root) } }
            full.append(f); toggle.append(t); traits.append(c); coldFull.append(cold); plain.append(p)
            ratios.append(t / f); traitRatios.append(c / cold); plainRatios.append(c / p)
        }
        let n = Table.count(Double(workload.viewCount))
        return [
            Row(section: "states", measure: "one control's state, \(n)-view host tree", result: Table.iqr(toggle),
                baseline: "full restyle \(Table.iqr(full))", ratio: String(format: "%.2f %%", ratios.median * 100),
                target: "≤ 1 %", met: ratios.median <= 0.01),
            Row(section: "states", measure: "colorScheme + contentSize change, \(n) views", result: Table.iqr(traits),
                baseline: "full restyle, cold caches \(Table.iqr(coldFull))", ratio: Table.ratio(traitRatios.median),
                target: "≤ 1.10× (the same work; 10 % for noise)", met: traitRatios.median <= 1.1),
            Row(section: "states", measure: "the same change, against setting the traits and restyling the whole tree with its changes",
                result: Table.iqr(traits), baseline: "sheet.traits + apply(to:binder:) \(Table.iqr(plain))",
                ratio: Table.ratio(plainRatios.median), target: "≤ 1×", met: plainRatios.median <= 1),
        ]
    }

    private func load(_ source: String, traits: Traits) -> LoadedStylesheet {
        let runtime = Runtime()
        runtime.traits = traits
        do { return try runtime.load(source: source, name: "generated.lua") } catch {
            fail("the generated stylesheet does not load:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    private func check(_ body: () throws -> Void) {
        do { try body() } catch let error as DiagnosticList {
            fail("styling failed:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        } catch {
            fail("styling failed: \(error)")
        }
    }
}
