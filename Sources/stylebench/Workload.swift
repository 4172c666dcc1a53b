import StyleRun

/// The generated workload: a screen of BEM blocks in sections, and a stylesheet of about 300
/// rules, appearances and themes for it, described once and rendered twice: as Lua source for
/// stylerun, and as hand-written Swift setters (the Overture way) that produce the same values.
///
/// Tree: `StackView#root` > sections (`StackView.section.section--k#section-i`) > ten block
/// instances each (`View.card.card--compact#card-17`) > a row (`StackView.card__row`) > a title
/// and a text (`Label`), an image (`ImageView`), an action (`Button.button`), a field
/// (`TextField`): 71 views per section.
struct Workload {
    static let baseBlocks = ["card", "list-item", "hero", "profile", "toolbar", "banner", "feed", "cell", "tile", "panel",
                         "badge", "chip", "menu", "dialog", "form", "header", "footer", "sidebar", "tab", "notice"]
    static let modifiers = ["", "compact", "highlighted", "dark"]
    static let viewsPerSection = 71

    /// One step of a style, as both languages write it.
    enum Op {
        /// `mut(Kind.path, value)`; `lua` is the value as the script writes it.
        case set(Kind, String, Value, lua: String)
        /// `mut(Kind.path.field, x)` on an Insets property.
        case setField(Kind, String, String, Double)
        /// `mver(Label.font, function(f) return f:withSize(x) end)`.
        case resizeFont(Double)
        /// `function(v) v.alpha = x end`, a plain function style.
        case alphaFunction(Double)
    }

    /// A style of a kind; `rule(selector, …)` when `selector` is set, else `appearance(target, …)`.
    struct Entry {
        let selector: String?
        let target: Kind?
        let kind: Kind
        let ops: [Op]
    }

    let sections: Int
    /// The BEM blocks: the twenty base names, then numbered copies (`card-2`) for more rules.
    let blocks: [String]
    private(set) var appearances: [Entry] = []
    private(set) var rules: [Entry] = []
    /// The tree of a workload stylebench did not shape (`init(randomViews:rules:seed:)`), built
    /// in order; nil for the BEM screen.
    private var randomTree: [RandomView]?

    /// One view of a random tree: `parent` is an index into the tree, -1 for the root.
    private struct RandomView {
        let kind: Kind
        let id: String?
        let classes: [String]
        let parent: Int
        let extras: Extras
    }

    /// The workload of about `views` views.
    /// `blocks` blocks make about 15 rules each (310 rules with the default 20).
    init(views: Int, blocks: Int = 20) {
        sections = max(1, (views - 1 + Self.viewsPerSection - 1) / Self.viewsPerSection)
        self.blocks = (0..<blocks).map { i in
            let base = Self.baseBlocks[i % Self.baseBlocks.count]
            return i < Self.baseBlocks.count ? base : "\(base)-\(i / Self.baseBlocks.count + 1)"
        }
        buildStylesheet()
    }

    var viewCount: Int { randomTree?.count ?? 1 + sections * Self.viewsPerSection }

    /// The class whose rule `screenSource(edit:)` changes.
    var editedClass: String { randomTree == nil ? blocks[0] : "k0" }

    /// A workload stylebench did not shape, as a site's generated pages are: about `views`
    /// views in a tree of random depth and fan-out, each with two classes drawn from 24, and
    /// `rules` rules whose selectors are drawn from the same classes: one class, a class after a
    /// kind, two classes on one view, and descendant and child selectors of two and three
    /// compounds, so rules really match (a view matches about one rule in eleven) and the
    /// descendant search really walks. Each rule sets one or two of the View properties every
    /// kind has. The same `seed` gives the same workload.
    init(randomViews views: Int, rules count: Int, seed: UInt64 = 0x5EED_2026) {
        sections = 0
        blocks = []
        var random = SplitMix(seed: seed)
        let pool = (0..<24).map { "k\($0)" }
        func twoClasses() -> [String] {
            let a = random.next(pool.count)
            var b = random.next(pool.count - 1)
            if b >= a { b += 1 }
            return [pool[a], pool[b]]
        }
        // The tree, breadth first: containers (View, StackView) get 2 to 6 children.
        var tree = [RandomView(kind: Schema.stackView, id: "root", classes: [], parent: -1, extras: Extras())]
        var containers = [0]
        var next = 0
        let leaves = [Schema.label, Schema.label, Schema.button, Schema.imageView, Schema.textField]
        while tree.count < views, next < containers.count {
            let parent = containers[next]
            next += 1
            for _ in 0..<(2 + random.next(5)) where tree.count < views {
                let index = tree.count
                let id = index % 37 == 0 ? "v\(index)" : nil
                if random.next(100) < 45 || containers.count - next < 2 {
                    tree.append(RandomView(kind: random.next(2) == 0 ? Schema.view : Schema.stackView, id: id,
                                           classes: twoClasses(), parent: parent, extras: Extras()))
                    containers.append(index)
                } else {
                    let kind = leaves[random.next(leaves.count)]
                    var extras = Extras()
                    if kind === Schema.label { extras.literals = [(kind, "text", .string("Text \(index)"))] }
                    if kind === Schema.button { extras.literals = [(kind, "title", .string("Action \(index)"))] }
                    tree.append(RandomView(kind: kind, id: id, classes: twoClasses(), parent: parent, extras: extras))
                }
            }
        }
        randomTree = tree

        typealias W = Workload
        let view = Schema.view
        appearance(Schema.label, Schema.label, [W.set(Schema.label, "textColor", W.color("#222222"))])
        appearance(view, view, [W.set(view, "tintColor", W.color("#0969DA"))])
        rule(".k0", view, [W.set(view, "backgroundColor", W.color("#6E40C9"))])
        let kinds = ["View", "StackView", "Label", "Button"]
        func cls() -> String { "." + pool[random.next(pool.count)] }
        for _ in 1..<max(1, count) {
            let selector: String
            switch random.next(100) {
            case 0..<15: selector = cls()
            case 15..<25: selector = kinds[random.next(kinds.count)] + cls()
            case 25..<35: selector = cls() + cls()
            case 35..<65: selector = cls() + " " + cls()
            case 65..<80: selector = cls() + " > " + cls()
            case 80..<92: selector = cls() + " " + cls() + " " + cls()
            default: selector = cls() + " > " + cls() + " " + cls()
            }
            var ops: [Op] = []
            for _ in 0..<(1 + random.next(2)) {
                switch random.next(5) {
                case 0: ops.append(W.set(view, "backgroundColor", W.color(W.hex(random.next(16)))))
                case 1: ops.append(W.set(view, "alpha", W.number(Double(10 + random.next(11)) / 20)))
                case 2: ops.append(W.set(view, "layer.cornerRadius", W.number(Double(random.next(13)))))
                case 3: ops.append(W.set(view, "layer.borderWidth", W.number(Double(random.next(4)))))
                default: ops.append(W.set(view, "tintColor", W.color(W.hex(random.next(16)))))
                }
            }
            rule(selector, view, ops)
        }
    }

    // MARK: Values (the light theme's tokens are what the Swift side uses)

    static let tokens: [(name: String, light: String, dark: String)] = [
        ("accent", "#974DFF", "#BB86FC"), ("onAccent", "#FFFFFF", "#000000"), ("ink", "#222222", "#EEEEEE"),
    ]

    private static func color(_ hex: String) -> (Value, String) { (.color(Color(hex: hex)!), "color \"\(hex)\"") }
    private static func token(_ name: String) -> (Value, String) {
        (.color(Color(hex: tokens.first { $0.name == name }!.light)!), "theme.\(name)")
    }
    fileprivate static func hex(_ i: Int) -> String {
        let palette = ["#6E40C9", "#1F6FEB", "#2DA44E", "#BF8700", "#CF222E", "#8250DF", "#57606A", "#0969DA",
                       "#F6F8FA", "#FFEBE9", "#DDF4FF", "#FFF8C5", "#24292F", "#E6EDF3", "#A475F9", "#3FB950"]
        return palette[i % palette.count]
    }
    private static let weights = ["regular", "medium", "semibold", "bold", "light"]

    private static func set(_ kind: Kind, _ path: String, _ v: (Value, String)) -> Op { .set(kind, path, v.0, lua: v.1) }
    private static func number(_ x: Double) -> (Value, String) { (.number(x), formatted(x)) }
    private static func int(_ n: Int) -> (Value, String) { (.int(n), String(n)) }
    private static func bool(_ b: Bool) -> (Value, String) { (.bool(b), b ? "true" : "false") }
    private static func enumCase(_ s: String) -> (Value, String) { (.enumCase(s), "\"\(s)\"") }
    private static func string(_ s: String) -> (Value, String) { (.string(s), "\"\(s)\"") }
    private static func font(_ size: Double, _ weight: String) -> (Value, String) {
        (.font(.system(size, Font.Weight(rawValue: weight)!)), "font.system(\(formatted(size)), \"\(weight)\")")
    }
    private static func insets(_ v: Double, _ h: Double) -> (Value, String) {
        (.insets(Insets(vertical: v, horizontal: h)), "insets(\(formatted(v)), \(formatted(h)))")
    }

    static func formatted(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }

    // MARK: The stylesheet

    private mutating func appearance(_ target: Kind, _ kind: Kind, _ ops: [Op]) {
        appearances.append(Entry(selector: nil, target: target, kind: kind, ops: ops))
    }

    private mutating func rule(_ selector: String, _ kind: Kind, _ ops: [Op]) {
        rules.append(Entry(selector: selector, target: nil, kind: kind, ops: ops))
    }

    private mutating func buildStylesheet() {
        typealias W = Workload
        let view = Schema.view, label = Schema.label, button = Schema.button
        let field = Schema.textField, image = Schema.imageView, stack = Schema.stackView

        appearance(view, view, [W.set(view, "tintColor", W.color("#0969DA"))])
        appearance(label, label, [W.set(label, "textColor", W.token("ink")), W.set(label, "font", W.font(17, "regular"))])
        appearance(button, button, [W.set(button, "titleColor", W.token("accent")),
                                    W.set(button, "titleLabel.font", W.font(15, "semibold"))])
        appearance(stack, stack, [W.set(stack, "spacing", W.number(8)), W.set(stack, "axis", W.enumCase("vertical"))])
        appearance(image, image, [W.set(view, "clipsToBounds", W.bool(true))])
        appearance(field, field, [W.set(field, "textColor", W.token("ink")), W.set(field, "font", W.font(16, "regular"))])
        appearance(view, label, [W.set(label, "lineBreakMode", W.enumCase("byWordWrapping"))])
        appearance(view, view, [W.set(view, "translatesAutoresizingMaskIntoConstraints", W.bool(false))])

        rule("#root", stack, [W.set(view, "layoutMargins", W.insets(24, 16)), W.set(stack, "spacing", W.number(16))])
        rule("Label", label, [W.set(label, "adjustsFontSizeToFitWidth", W.bool(false))])
        rule(".button", button, [W.set(view, "layer.cornerRadius", W.number(6)), W.set(view, "layer.masksToBounds", W.bool(true))])
        rule(".button--primary", button, [W.set(button, "titleColor", W.token("onAccent")),
                                          W.set(view, "backgroundColor", W.token("accent"))])
        rule(".section--0 > View", view, [.alphaFunction(0.95)])
        for k in 0..<5 {
            rule(".section--\(k) StackView.section__row, .section--\(k) > StackView", stack,
                 [W.set(stack, "distribution", W.enumCase(k % 2 == 0 ? "fillEqually" : "equalSpacing"))])
        }
        for (b, block) in blocks.enumerated() {
            let c = { (i: Int) in W.hex(b * 5 + i) }
            rule(".\(block)", view, [W.set(view, "backgroundColor", W.color(c(0))),
                                     W.set(view, "layer.cornerRadius", W.number(Double(4 + b % 8))),
                                     W.set(view, "layoutMargins", W.insets(Double(8 + b % 4 * 4), 16))])
            rule(".\(block)__row", stack, [W.set(stack, "axis", W.enumCase(b % 2 == 0 ? "vertical" : "horizontal")),
                                          W.set(stack, "spacing", W.number(Double(4 + b % 6))),
                                          W.set(stack, "alignment", W.enumCase("leading"))])
            rule(".\(block)__title", label, [W.set(label, "font", W.font(Double(18 + b % 6), W.weights[b % 5])),
                                            W.set(label, "textColor", W.color(c(1))),
                                            W.set(label, "numberOfLines", W.int(2))])
            rule(".\(block)__text", label, [W.set(label, "font", W.font(Double(13 + b % 4), "regular")),
                                           W.set(label, "numberOfLines", W.int(0)),
                                           .setField(view, "layoutMargins", "bottom", Double(b % 5))])
            rule(".\(block)__image", image, [W.set(image, "contentMode", W.enumCase("scaleAspectFill")),
                                            W.set(view, "width", W.number(Double(40 + b))),
                                            W.set(view, "height", W.number(Double(40 + b))),
                                            W.set(view, "layer.masksToBounds", W.bool(true))])
            rule(".\(block)__action", button, [W.set(button, "titleColor", W.color(c(2))),
                                              W.set(button, "titleLabel.font", W.font(Double(14 + b % 3), "medium")),
                                              W.set(button, "contentEdgeInsets", W.insets(8, Double(12 + b % 4 * 2))),
                                              W.set(view, "backgroundColor", W.color(c(3)))])
            rule(".\(block)__field", field, [W.set(field, "placeholder", W.string("Search \(block)")),
                                            W.set(field, "borderStyle", W.enumCase("roundedRect")),
                                            W.set(field, "keyboardType", W.enumCase(b % 2 == 0 ? "default" : "emailAddress"))])
            rule(".\(block)--compact .\(block)__title", label, [.resizeFont(Double(14 + b % 3))])
            rule(".\(block)--compact .\(block)__row", stack, [W.set(stack, "spacing", W.number(2))])
            rule(".\(block)--highlighted > .\(block)__row > Label", label, [W.set(label, "textColor", W.token("accent"))])
            rule(".\(block)--dark Label", label, [W.set(label, "textColor", W.color("#FFFFFF"))])
            rule(".\(block)--dark, .\(block)--highlighted", view, [W.set(view, "backgroundColor", W.color(c(4))),
                                                                    W.set(view, "layer.borderWidth", W.number(1))])
            rule("StackView.section .\(block) Button.\(block)__action", button,
                 [W.set(view, "layer.cornerRadius", W.number(Double(b % 10)))])
            rule("#\(block)-\(b)", view, [W.set(view, "alpha", W.number(0.9))])
            rule(".\(block)__action.button--primary", button, [W.set(button, "titleColor", W.token("onAccent")),
                                                              W.set(view, "backgroundColor", W.token("accent"))])
        }
    }

    /// The stylesheet as a script (the tree is the host's).
    var luaSource: String {
        var out = "-- Generated by stylebench: \(appearances.count) appearances, \(rules.count) rules.\n"
        out += "local theme = themes {\n  default = \"light\",\n"
        for theme in ["light", "dark"] {
            let fields = Self.tokens.map { "\($0.name) = color \"\(theme == "light" ? $0.light : $0.dark)\"" }
            out += "  \(theme) = { \(fields.joined(separator: ", ")) },\n"
        }
        out += "}\n\n"
        for a in appearances { out += "appearance(\(a.target!.name), \(Self.lua(a)))\n" }
        out += "\n"
        for r in rules { out += "rule(\"\(r.selector!)\", \(Self.lua(r)))\n" }
        return out
    }

    private static func lua(_ entry: Entry) -> String {
        "style(\(entry.kind.name), " + entry.ops.map(lua).joined(separator: ", ") + ")"
    }

    private static func lua(_ op: Op) -> String {
        switch op {
        case .set(let kind, let path, _, let value): "mut(\(kind.name).\(path), \(value))"
        case .setField(let kind, let path, let field, let x): "mut(\(kind.name).\(path).\(field), \(formatted(x)))"
        case .resizeFont(let size): "mver(Label.font, function(f) return f:withSize(\(formatted(size))) end)"
        case .alphaFunction(let a): "function(v) v.alpha = \(formatted(a)) end"
        }
    }

    // MARK: The tree

    /// What the tree builder attaches to one view besides kind, id and classes.
    struct Extras {
        var styleOps: [Op] = []
        var literals: [(Kind, String, Value)] = []
    }

    /// Builds the tree: `make(kind, id, classes, extras, parent)` creates each view, parents first.
    func buildTree(_ make: (Kind, String?, [String], Extras, View?) -> View) -> View {
        if let randomTree {
            var made: [View] = []
            made.reserveCapacity(randomTree.count)
            for v in randomTree {
                made.append(make(v.kind, v.id, v.classes, v.extras, v.parent < 0 ? nil : made[v.parent]))
            }
            return made[0]
        }
        let root = make(Schema.stackView, "root", [], Extras(), nil)
        var instance = 0
        for s in 0..<sections {
            let section = make(Schema.stackView, "section-\(s)", ["section", "section--\(s % 5)"], Extras(), root)
            for _ in 0..<10 {
                let b = instance % blocks.count
                let block = blocks[b]
                let modifier = Self.modifiers[(instance / blocks.count) % Self.modifiers.count]
                let classes = modifier.isEmpty ? [block] : [block, "\(block)--\(modifier)"]
                let container = make(Schema.view, "\(block)-\(instance)", classes, Extras(), section)
                let row = make(Schema.stackView, nil, ["\(block)__row", "section__row"], Extras(), container)
                var titleExtras = Extras(literals: [(Schema.label, "text", .string("Title \(instance)"))])
                if instance % 5 == 0 {
                    titleExtras.styleOps = [.set(Schema.label, "adjustsFontSizeToFitWidth", .bool(true), lua: ""),
                                            .set(Schema.view, "layer.borderWidth", .number(1), lua: "")]
                }
                _ = make(Schema.label, instance % 7 == 0 ? "title-\(instance)" : nil, ["\(block)__title"], titleExtras, row)
                _ = make(Schema.label, nil, ["\(block)__text"],
                         Extras(literals: [(Schema.label, "text", .string("Text of block \(instance)"))]), row)
                _ = make(Schema.imageView, nil, ["\(block)__image"],
                         Extras(literals: [(Schema.imageView, "image", .image(.named("image-\(b)")))]), row)
                let buttonClasses = ["\(block)__action", "button"] + (instance % 3 == 0 ? ["button--primary"] : [])
                _ = make(Schema.button, nil, buttonClasses,
                         Extras(styleOps: [.set(Schema.button, "imageEdgeInsets", .insets(Insets(all: 4)), lua: "")],
                                literals: [(Schema.button, "title", .string("Open \(instance)"))]), row)
                _ = make(Schema.textField, nil, ["\(block)__field"],
                         Extras(literals: instance % 2 == 0 ? [(Schema.textField, "placeholder", .string("Field \(instance)"))] : []),
                         row)
                instance += 1
            }
        }
        return root
    }
}

/// A small, fast, seeded generator (SplitMix64), so a workload is the same on every machine.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
