@testable import StyleCore
import TestSupport
import XCTest

/// Random rules and trees, and random edits of them: what the property tests of the restyle
/// (`RestyleTests`) and of the reference cascade (`ReferenceCascadeTests`) run on.
///
/// Plain, it makes the four standard kinds, one appearance, rules of `mut`s and `mver`s with
/// one-compound, descendant and child selectors, and views with a literal or a style. `varied`
/// (the reference test) adds, drawn from the same seed: kinds of its own with properties of
/// their own, random appearances, function styles (which read the view), `mver`s whose result
/// depends on the value alone (shared by the engine), fields, string paths resolved on the
/// view, selectors of up to three compounds with ids and classes at any place, views with
/// several own styles before and after their literals, and edits of appearances, ids and places;
/// and states and traits (SPEC §6): kinds of its own that are controls, pseudo-classes in any
/// compound, `when`s of states and traits (nested too) in any style, views in random states
/// (by literal or by override), random traits, and edits of states and traits.
struct World {
    /// SplitMix64: the same seed, the same edits.
    struct Random {
        private var generator: SeededGenerator
        init(state: UInt64) { generator = SeededGenerator(state: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    }

    static let standardKinds: [Kind] = [T.view, T.label, T.button, T.stack]
    static let classes = ["a", "b", "c", "d"]
    static let colors = ["#FF0000", "#00FF00", "#0000FF"].map { Value.color(Color(hex: $0)!) }

    /// Settable properties with a few valid values, by the kind that declares them.
    static func settable(_ kind: Kind) -> [(Kind, String, [Value])] {
        var out: [(Kind, String, [Value])] = [
            (T.view, "alpha", [.number(0.5), .number(0.9)]), (T.view, "backgroundColor", colors),
            (T.view, "layer.cornerRadius", [.number(2), .number(4)]),
        ]
        if kind === T.label { out += [(T.label, "text", [.string("x"), .string("y")]), (T.label, "textColor", colors)] }
        if kind === T.button { out += [(T.button, "title", [.string("x"), .string("y")]), (T.button, "titleColor", colors)] }
        if kind === T.stack { out += [(T.stack, "spacing", [.number(4), .number(8)])] }
        return out
    }

    /// A step of a style: a `mut`, a `mver` halving a number by one of the shared transforms
    /// (`transform` -1: a transform made anew, as a new evaluation makes one), or one of the
    /// varied steps (`special`).
    struct Op {
        var kind: Kind, path: String, value: Value
        var transform: Int = -2  // -2: a mut
        var special: Special = .none
    }

    enum Special {
        case none
        /// A function style of `World.functions` (-1: one made anew).
        case function(Int)
        /// `mut("text", "u")` in a View style: resolved on the view, an error off a Label.
        case unresolvedText
        /// A `mver` of `World.valueOnlyHalvers` on `path`: a result the engine shares.
        case valueOnlyHalver(Int)
        /// `when(condition, concat(inner…))`.
        case when(Condition, [Op])
    }

    struct RuleSpec {
        var selector: String
        var kind: Kind
        var ops: [Op]
        var line: Int
    }

    /// An appearance: its kind, and its style's kind (the kind, a super-kind or a sub-kind).
    struct AppearanceSpec {
        var kind: Kind
        var styleKind: Kind
        var ops: [Op]
        var line: Int
    }

    var random = Random(state: 1)
    var rules: [RuleSpec] = []
    var nextLine = 1
    let halvers = (0..<3).map { _ in World.halve }
    static var halve: Transform { Transform { v in if case .number(let x) = v { return .number(x / 2) } else { return v } } }

    /// The varied draws (see the type's summary); off, the draws the restyle test was tuned on.
    var varied = false
    /// The kinds of the schema: the standard ones, and kinds of the world's own when varied.
    var kinds: [Kind] = World.standardKinds
    var schema = Schema.standard
    /// The properties a kind of the world's own declares, with a few values each.
    var ownProperties: [ObjectIdentifier: [(Kind, String, [Value])]] = [:]
    /// The appearances beyond the one every world has (varied only).
    var appearances: [AppearanceSpec] = []
    let valueOnlyHalvers = (0..<2).map { _ in ValueOnlyHalve() }
    /// The traits the world is styled for (varied: random, and edited).
    var traits = Traits()
    /// Function styles shared by the evaluations, as a script's module keeps its functions.
    let functions: [FunctionStyle] = (0..<3).map(World.function)

    /// A world for the reference test: kinds of its own (0 to 2, of random super-kinds),
    /// rules, appearances.
    static func varied(seed: Int) -> World {
        var world = World()
        world.varied = true
        world.random = Random(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D)
        for i in 0..<world.random.int(3) {
            let superKind = world.random.pick(world.kinds)
            let kind = try! world.schema.register("Custom\(i)", superKind: superKind, isControl: world.random.chance(40), properties: [
                .value("tone\(i)", .optional(.color)), .value("weight\(i)", .number, default: .number(1)),
            ])
            world.kinds.append(kind)
            world.ownProperties[ObjectIdentifier(kind)] = [(kind, "tone\(i)", colors + [.null]), (kind, "weight\(i)", [.number(2), .number(3)])]
        }
        if world.random.chance(50) { world.traits = world.randomTraits() }
        world.rules = (0..<(6 + world.random.int(10))).map { _ in world.randomRule() }
        world.appearances = (0..<world.random.int(4)).map { _ in world.randomAppearance() }
        return world
    }

    /// The properties a view of `kind` may be given, with values.
    func settable(_ kind: Kind) -> [(Kind, String, [Value])] {
        guard varied else { return Self.settable(kind) }
        var out = Self.settable(T.view) + [(T.view, "layoutMargins.top", [.number(3), .number(7)])]
        for k in kind.lineage.reversed() {
            if k === T.label || k === T.button || k === T.stack { out += Self.settable(k).dropFirst(3) }
            if k === T.button { out.append((T.button, "titleLabel.textColor", Self.colors)) }
            // A style may set a control's state properties: the state stays the tree's.
            if k.isControl, k.superKind?.isControl != true {
                out += [(k, "isEnabled", [.bool(false), .bool(true)]), (k, "isHighlighted", [.bool(true), .bool(false)])]
            }
            out += ownProperties[ObjectIdentifier(k)] ?? []
        }
        return out
    }

    mutating func randomOp(for kind: Kind, depth: Int = 0) -> Op {
        if varied, depth < 2, random.chance(12) {
            let condition = randomCondition(statesAllowed: schema.mayBeControl(kind))
            return Op(kind: kind, path: "", value: .null,
                      special: .when(condition, (0..<(1 + random.int(2))).map { _ in randomOp(for: kind, depth: depth + 1) }))
        }
        if varied {
            if random.chance(8) { return Op(kind: T.view, path: "", value: .null, special: .function(random.int(functions.count + 1) - 1)) }
            if random.chance(1) { return Op(kind: T.view, path: "text", value: .string("u"), special: .unresolvedText) }
            if random.chance(8) {
                return Op(kind: T.view, path: random.pick(["alpha", "layoutMargins.top", "layer.cornerRadius"]), value: .null,
                          special: .valueOnlyHalver(random.int(valueOnlyHalvers.count)))
            }
        }
        if random.chance(10) {
            return Op(kind: T.view, path: "alpha", value: .null, transform: random.chance(50) ? random.int(halvers.count) : -1)
        }
        let (k, path, values) = random.pick(settable(kind))
        return Op(kind: k, path: path, value: random.pick(values))
    }

    mutating func randomSelector(for kind: Kind) -> String {
        if varied { return randomVariedSelector(for: kind) }
        let subject = random.pick(["", kind.name, "View"]) + (random.chance(70) ? "." + random.pick(Self.classes) : "")
        let simple = subject.isEmpty ? "." + random.pick(Self.classes) : subject
        switch random.int(6) {
        case 0: return "#v\(random.int(12))"
        case 1: return "." + random.pick(Self.classes) + " " + simple
        case 2: return "StackView > " + simple
        case 3: return simple + ", #v\(random.int(12))"
        default: return simple
        }
    }

    /// One compound: a kind (or none), an id sometimes, classes sometimes, and a state
    /// pseudo-class or two sometimes where a control may match; never empty.
    private mutating func randomCompound(kinds choices: [Kind?]) -> String {
        let kind = random.pick(choices)
        var text = kind?.name ?? ""
        if random.chance(15) { text += "#v\(random.int(16))" }
        for name in Self.classes where random.chance(25) { text += "." + name }
        if text.isEmpty { text = "." + random.pick(Self.classes) }
        if schema.mayBeControl(kind), random.chance(20) {
            if random.chance(15) { return text + ":normal" }
            for state in ["highlighted", "disabled", "selected", "focused"] where random.chance(35) { text += ":" + state }
        }
        return text
    }

    /// A random state: normal most often, else one or two of the four.
    mutating func randomState() -> ControlState {
        var state: ControlState = []
        for s in ControlState.single where random.chance(30) { state.insert(s) }
        return state
    }

    /// Random traits: each trait at its default or another value.
    mutating func randomTraits() -> Traits {
        var traits = Traits()
        for name in Traits.Name.allCases where random.chance(40) { try! traits.set(name, to: random.pick(name.values)) }
        return traits
    }

    /// A `when` condition: states (if `statesAllowed`), traits, or both.
    mutating func randomCondition(statesAllowed: Bool) -> Condition {
        var condition = Condition()
        if statesAllowed, random.chance(70) {
            condition.states = (0..<(1 + random.int(2))).map { _ in random.chance(15) ? .normal : randomState() }
        }
        if condition.states.isEmpty || random.chance(40) {
            switch random.int(3) {
            case 0: condition.traits.append(.oneOf(.colorScheme, [random.pick(["light", "dark"])]))
            case 1: condition.traits.append(.contentSize(random.pick(Condition.Comparison.allCases), random.pick(ContentSize.allCases)))
            default: condition.traits.append(.oneOf(.horizontalSizeClass, random.chance(30) ? ["compact", "regular"] : ["regular"]))
            }
        }
        return condition
    }

    /// A list of one or two complex selectors of one to three compounds, whose subjects are of
    /// kinds related to `kind` (or of none), as a rule of a `kind` style must have.
    private mutating func randomVariedSelector(for kind: Kind) -> String {
        let related = kinds.filter { $0.isRelated(to: kind) }
        return (0..<(random.chance(20) ? 2 : 1)).map { _ in
            var text = ""
            for _ in 0..<random.int(3) {
                text += randomCompound(kinds: [nil, nil] + kinds.map(Optional.some)) + random.pick([" ", " > "])
            }
            return text + randomCompound(kinds: [nil] + related.map(Optional.some))
        }.joined(separator: ", ")
    }

    mutating func randomRule() -> RuleSpec {
        let kind = random.pick(kinds)
        nextLine += 1
        return RuleSpec(selector: randomSelector(for: kind), kind: kind,
                        ops: (0..<(1 + random.int(3))).map { _ in randomOp(for: kind) }, line: nextLine)
    }

    mutating func randomAppearance() -> AppearanceSpec {
        let kind = random.pick(kinds)
        let styleKind = random.pick(kinds.filter { $0.isRelated(to: kind) })
        nextLine += 1
        return AppearanceSpec(kind: kind, styleKind: styleKind,
                              ops: (0..<(1 + random.int(2))).map { _ in randomOp(for: styleKind) }, line: nextLine)
    }

    func keyPath(_ kind: Kind, _ path: String) -> StyleKeyPath { T.keyPath(kind, path) }

    /// One step as a style of its own kind, at `line`.
    func style(_ op: Op, line: Int) -> Style {
        switch op.special {
        case .function(let i):
            return Style.function(i >= 0 ? functions[i] : World.function(0), kind: T.view, at: T.at(line))
        case .unresolvedText:
            return try! Style.mut(.unresolved(["text"]), op.value, root: T.view, at: T.at(line))
        case .valueOnlyHalver(let i):
            return try! Style.mver(.keyPath(keyPath(op.kind, op.path)), valueOnlyHalvers[i], root: op.kind, at: T.at(line))
        case .when(let condition, let inner):
            let parts = inner.enumerated().map { i, op in style(op, line: line * 10 + i) }
            return try! Style.when(condition, Style.concat(parts, kind: op.kind, root: op.kind, at: T.at(line)), schema: schema, at: T.at(line))
        case .none:
            break
        }
        if op.transform == -2 {
            return try! Style.mut(.keyPath(keyPath(op.kind, op.path)), op.value, root: op.kind, at: T.at(line))
        }
        let fn = op.transform >= 0 ? halvers[op.transform] : Transform { v in if case .number(let x) = v { return .number(x / 2) } else { return v } }
        return try! Style.mver(.keyPath(keyPath(op.kind, op.path)), fn, root: op.kind, at: T.at(line))
    }

    func style(_ spec: RuleSpec) -> Style {
        let parts = spec.ops.enumerated().map { i, op in style(op, line: spec.line * 10 + i) }
        return try! Style.concat(parts, kind: spec.kind, root: spec.kind, at: T.at(spec.line))
    }

    func stylesheet() -> Stylesheet {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "textColor", World.colors[0], line: 1000))
        for spec in appearances {
            let parts = spec.ops.enumerated().map { i, op in style(op, line: spec.line * 10 + i) }
            sheet.addAppearance(spec.kind, try! Style.concat(parts, kind: spec.styleKind, root: spec.styleKind, at: T.at(spec.line)),
                                line: spec.line)
        }
        for rule in rules {
            do {
                try sheet.rule(SelectorList.parse(rule.selector, schema: schema), style(rule), at: T.at(rule.line))
            } catch {
                XCTFail("\(rule.selector): \(error)")
            }
        }
        return sheet
    }

    /// A random tree of about `n` views; ids `v0`… are unique.
    mutating func randomTree(_ n: Int) -> View {
        var views = [T.view(T.stack, "v0", "a")]
        for i in 1..<n {
            let kind = random.pick(kinds)
            let classes = Self.classes.filter { _ in random.chance(30) }
            let view = View(kind: kind, id: random.chance(20) ? "v\(i)" : nil, classes: classes)
            decorate(view)
            // Varied, a tree is deeper: a view often goes under one of the last few.
            let parents = varied && random.chance(50) ? Array(views.suffix(4)) : views.filter { $0.kind === T.stack || $0.kind === T.view }
            random.pick(parents).addChild(view)
            views.append(view)
        }
        return views[0]
    }

    /// Gives a view a literal or a view style, sometimes.
    mutating func decorate(_ view: View) {
        if varied { return decorateVaried(view) }
        if random.chance(20) {
            let (k, path, values) = random.pick(Self.settable(view.kind))
            view.literals = [Literal(keyPath: T.keyPath(k, path), value: random.pick(values), location: T.at(2000 + random.int(5)))]
        }
        if random.chance(15) {
            let (k, path, values) = random.pick(Self.settable(view.kind))
            view.styles = [T.mut(k, path, random.pick(values), line: 3000 + random.int(5))]
        } else if random.chance(3) {  // a style of its own that reads the value before it
            view.styles = [try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), halvers[0], root: T.view, at: T.at(3100))]
        }
    }

    /// Varied: constructor styles, literals and styles added later (`with`), each list of zero
    /// to two; a later style may replace a literal outright (`overridden-literal`), or be of a
    /// kind the view is not (`kind-mismatch`).
    private mutating func decorateVaried(_ view: View) {
        func ownStyle(_ n: Int, _ way: StyleAttachment.Way) -> Style {
            var style: Style
            if random.int(300) == 0 {
                style = T.mut(T.label, "text", .string("no"), line: 4000)
                if view.kind.isA(T.label) { style = T.mut(T.stack, "spacing", .number(1), line: 4001) }
            } else {
                let kind = random.pick(view.kind.lineage)
                var op = randomOp(for: kind)
                // A path that fails on the view fails every styling until edited: seldom.
                if case .unresolvedText = op.special, random.chance(80) { op = Op(kind: T.view, path: "alpha", value: .number(0.5)) }
                style = self.style(op, line: 3000 + random.int(40))
            }
            if random.chance(50) { style.name = "own\(n)" }
            if random.chance(50) { style.attachment = StyleAttachment(way, at: T.at(3500 + n)) }
            return style
        }
        let constructor = random.chance(70) ? 0 : 1 + random.int(2)
        let literals = random.chance(60) ? 0 : 1 + random.int(2)
        let later = random.chance(70) ? 0 : 1 + random.int(2)
        view.styles = (0..<constructor).map { ownStyle($0, .constructor) }
        view.stylesBeforeLiterals = random.chance(80) ? constructor : nil
        view.literals = (0..<literals).map { _ in
            let (k, path, values) = random.pick(settable(view.kind))
            return Literal(keyPath: T.keyPath(k, path), value: random.pick(values), location: T.at(2000 + random.int(10)))
        }
        view.styles += (0..<later).map { ownStyle(constructor + $0, random.chance(50) ? .with : .call) }
        if view.kind.isControl {
            if random.chance(30) { view.stateOverride = randomState() }
            if random.chance(20) {
                let path = random.pick(["isEnabled", "isHighlighted", "isSelected", "isFocused"])
                view.literals.append(Literal(keyPath: T.keyPath(view.kind, path), value: .bool(random.chance(50)), location: T.at(2100)))
            }
        }
    }

    /// A copy of a tree with the same inputs and no values.
    static func copyOf(_ view: View) -> View {
        let out = View(kind: view.kind, id: view.id, classes: view.classes, location: view.location)
        out.styles = view.styles
        out.literals = view.literals
        out.stylesBeforeLiterals = view.stylesBeforeLiterals
        out.stateOverride = view.stateOverride
        for child in view.children { out.addChild(copyOf(child)) }
        return out
    }

    static func views(_ root: View) -> [View] {
        var out: [View] = []
        root.forEachInTree { out.append($0) }
        return out
    }

    /// Function styles: one that reads the view's classes, one that reads the value before it,
    /// one that reads the view's id.
    static func function(_ i: Int) -> FunctionStyle {
        switch i {
        case 0:
            FunctionStyle { app throws(Diagnostic) in
                try app.set(T.keyPath(T.view, "layer.cornerRadius"), .number(Double(app.view.classes.count)), at: T.at(5000))
            }
        case 1:
            FunctionStyle { app throws(Diagnostic) in
                if case .number(let alpha)? = app.value(at: T.keyPath(T.view, "alpha")) {
                    try app.set(T.keyPath(T.view, "alpha"), .number(alpha * 0.8), at: T.at(5001))
                }
            }
        default:
            FunctionStyle { app throws(Diagnostic) in
                try app.set(T.keyPath(T.view, "backgroundColor"), app.view.id == nil ? .null : colors[2], at: T.at(5002))
            }
        }
    }

    // MARK: Edits

    /// One random edit of the rules or of the tree (in place); whether it changed what the
    /// stylesheet declares (else a host styles the edited tree with the stylesheet it has).
    @discardableResult
    mutating func edit(_ root: View) -> Bool {
        let views = Self.views(root)
        switch random.int(varied ? 17 : 11) {
        case 0 where !rules.isEmpty:  // a value
            let r = random.int(rules.count)
            let o = random.int(rules[r].ops.count)
            rules[r].ops[o] = randomOp(for: rules[r].kind)
        case 1:  // a new rule, anywhere
            rules.insert(randomRule(), at: random.int(rules.count + 1))
        case 2 where !rules.isEmpty:
            rules.remove(at: random.int(rules.count))
        case 3 where !rules.isEmpty:  // a selector
            let r = random.int(rules.count)
            rules[r].selector = randomSelector(for: rules[r].kind)
        case 4 where rules.count > 1:  // two rules swapped
            rules.swapAt(random.int(rules.count), random.int(rules.count))
        case 5:  // a view's literal or style
            decorate(random.pick(views))
            return false
        case 6:  // a view's classes
            random.pick(views).setClasses(Self.classes.filter { _ in random.chance(30) })
            return false
        case 7:  // a new view
            let parent = random.pick(views.filter { $0.kind === T.stack })
            parent.addChild(View(kind: random.pick(kinds), classes: [random.pick(Self.classes)]))
            return false
        case 9:  // a theme switch: every value of every rule picked again, selectors kept
            for r in rules.indices {
                for o in rules[r].ops.indices where rules[r].ops[o].transform == -2 {
                    let op = rules[r].ops[o]
                    if let values = settable(rules[r].kind).first(where: { $0.0 === op.kind && $0.1 == op.path })?.2 {
                        rules[r].ops[o].value = random.pick(values)
                    }
                }
            }
        case 8:  // a style that cannot apply: the cascade fails and the tree keeps its values
            if let button = views.first(where: { $0.kind === T.button }), random.chance(varied ? 8 : 30) {
                button.styles = [T.mut(T.label, "text", .string("no"), line: 4000)]
            }
            return false
        case 11:  // an appearance added, changed or removed
            if appearances.isEmpty || random.chance(40) {
                appearances.insert(randomAppearance(), at: random.int(appearances.count + 1))
            } else if random.chance(50) {
                appearances.remove(at: random.int(appearances.count))
            } else {
                let a = random.int(appearances.count)
                appearances[a].ops[random.int(appearances[a].ops.count)] = randomOp(for: appearances[a].styleKind)
            }
        case 12:  // a view's id: none, a new one, or sometimes one another view has (`duplicate-id`)
            let view = random.pick(views)
            if random.chance(20), let other = views.first(where: { $0.id != nil && $0 !== view }) {
                view.id = other.id
            } else {
                view.id = random.chance(40) ? nil : "w\(random.int(1000))"
            }
            return false
        case 13:  // a view moved under another, not under itself
            let view = random.pick(views)
            guard view !== root else { return false }
            var inside: [View] = []
            view.forEachInTree { inside.append($0) }
            let targets = views.filter { target in !inside.contains { $0 === target } }
            view.removeFromParent()
            let parent = random.pick(targets)
            parent.addChild(view)
            return false
        case 14:  // a host styles again with what it has
            return false
        case 15:  // a control's state changed (a press, a selection)
            if let control = views.filter({ $0.kind.isControl }).randomElement(using: &random) {
                control.stateOverride = random.chance(20) ? nil : randomState()
            }
            return false
        case 16:  // the traits changed (dark mode, a text size)
            traits = random.chance(30) ? Traits() : randomTraits()
            return false
        default:
            break  // nothing changed
        }
        return !varied || random.chance(80)
    }
}

/// A `mver` halving a number whose result depends on the value alone: the engine shares what
/// it gives among views of one kind and matches.
final class ValueOnlyHalve: ValueTransform {
    var dependsOnlyOnValue: Bool { true }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        if case .number(let x) = value { return .number(x / 2) }
        return value
    }
}

extension World.Random: RandomNumberGenerator {}
