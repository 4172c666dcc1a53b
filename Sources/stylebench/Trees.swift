import StyleRun

/// The workload's tree, built in Swift twice: for the cascade (view styles and literals attached
/// as stylerun values), and for the hand-written baseline (plain views plus one composed setter
/// per view).
enum Trees {
    static let location = SourceLocation(file: "host.swift", line: 1)

    /// The host's tree, ready for `LoadedStylesheet.apply(to:)`.
    static func forCascade(_ workload: Workload) -> View {
        workload.buildTree { kind, id, classes, extras, parent in
            let view = View(kind: kind, id: id, classes: classes, location: location)
            if !extras.styleOps.isEmpty { view.styles = [style(extras.styleOps)] }
            view.literals = extras.literals.map { kind, path, value in
                Literal(keyPath: keyPath(kind, path), value: value, location: location)
            }
            parent?.addChild(view)
            return view
        }
    }

    /// The same tree and, per view in tree order, the Overture-style setter a programmer would
    /// have composed for it by hand: the appearances, rules, own styles and literals that apply,
    /// in cascade order, each a closure writing resolved properties.
    ///
    /// Which styles a view gets is decided here, once, as a programmer decides it when writing
    /// the code; only running the setters is timed.
    static func forClosures(_ workload: Workload) -> (root: View, views: [View], setters: [Overture.Setter]) {
        var extrasInOrder: [Workload.Extras] = []
        let root = workload.buildTree { kind, id, classes, extras, parent in
            let view = View(kind: kind, id: id, classes: classes)
            extrasInOrder.append(extras)
            parent?.addChild(view)
            return view
        }
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        precondition(views.count == extrasInOrder.count, "The tree is built parents first, in tree order")

        let appearances = workload.appearances.enumerated().map { (order: $0.offset, entry: $0.element) }
            .sorted { ($0.entry.target!.depth, $0.order) < ($1.entry.target!.depth, $1.order) }
        let rules = workload.rules.map { rule in
            (list: try! SelectorList.parse(rule.selector!, schema: .standard), entry: rule)
        }
        var setters: [Overture.Setter] = []
        setters.reserveCapacity(views.count)
        for (view, extras) in zip(views, extrasInOrder) {
            var parts: [Overture.Setter] = []
            for a in appearances where view.kind.isA(a.entry.target!) && view.kind.isA(a.entry.kind) {
                parts += a.entry.ops.map(Overture.setter)
            }
            var matched: [(specificity: Specificity, order: Int, ops: [Workload.Op])] = []
            for (order, rule) in rules.enumerated() where view.kind.isA(rule.entry.kind) {
                if let best = rule.list.bestMatch(for: view) {
                    matched.append((best.specificity, order, rule.entry.ops))
                }
            }
            matched.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
            for m in matched { parts += m.ops.map(Overture.setter) }
            parts += extras.styleOps.map(Overture.setter)
            parts += extras.literals.map { kind, path, value in Overture.content(kind.property(path)!, value) }
            setters.append(Overture.concat(parts))
        }
        return (root, views, setters)
    }

    private static func keyPath(_ kind: Kind, _ path: String) -> StyleKeyPath {
        try! StyleKeyPath.resolve(path.split(separator: ".").map(String.init), in: kind).get()
    }

    /// A view style as a Swift host builds one: `mut`s concatenated.
    private static func style(_ ops: [Workload.Op]) -> Style {
        let parts = ops.map { op -> Style in
            guard case .set(let kind, let path, let value, _) = op else {
                preconditionFailure("Host view styles are built of mut operations")
            }
            return try! Style.mut(.keyPath(keyPath(kind, path)), value, root: kind, at: location)
        }
        return try! Style.concat(parts, root: Schema.view, at: location)
    }

    /// Whether two trees have the same shape and the same applied values; the first difference.
    static func firstDifference(_ a: View, _ b: View) -> String? {
        var left: [View] = [], right: [View] = []
        a.forEachInTree { left.append($0) }
        b.forEachInTree { right.append($0) }
        guard left.count == right.count else { return "the trees have \(left.count) and \(right.count) views" }
        for (x, y) in zip(left, right) {
            guard x.kind === y.kind, x.id == y.id, x.classes == y.classes else {
                return "\(x.selectorDescription) and \(y.selectorDescription) differ in identity"
            }
            for p in x.kind.properties where x.values[p.slot] != y.values[p.slot] {
                return "\(x.reference) \(p.path): \(x.values[p.slot]) ≠ \(y.values[p.slot])"
            }
        }
        return nil
    }
}

/// Overture's setters over the public `StyleApplication` API: `mut` writes a resolved property,
/// `concat` runs setters in order.
enum Overture {
    typealias Setter = (StyleApplication) -> Void

    /// The engine the setters' constants are made by and the views are styled for, as a
    /// program styling by hand keeps one. Used from the benchmark's one thread only.
    nonisolated(unsafe) static let engine = StyleEngine(Stylesheet())

    /// A constant setter: the value is made a `StyleConstant` once, when the setter is written,
    /// as a programmer states a style's constants once.
    static func mut(_ property: Property, _ value: Value) -> Setter {
        let constant = engine.constant(value)
        return { $0.write(property, constant, at: nil) }
    }

    /// The view's own content (`label.text = …`), written as a value of its own, as the
    /// cascade writes a constructor's literals.
    static func content(_ property: Property, _ value: Value) -> Setter {
        { $0.write(property, value, at: nil) }
    }

    static func mver(_ property: Property, _ transform: @escaping (Value) -> Value) -> Setter {
        { $0.write(property, transform($0.value(of: property)), at: nil, isTransform: true) }
    }

    static func concat(_ setters: [Setter]) -> Setter {
        { application in for s in setters { s(application) } }
    }

    /// The hand-written equivalent of one generated operation.
    static func setter(_ op: Workload.Op) -> Setter {
        switch op {
        case .set(let kind, let path, let value, _):
            return mut(kind.property(path)!, value)
        case .setField(let kind, let path, let field, let x):
            let keyPath: WritableKeyPath<Insets, Double> = switch field {
            case "top": \.top
            case "left": \.left
            case "bottom": \.bottom
            default: \.right
            }
            return mver(kind.property(path)!) { old in
                guard case .insets(var insets) = old else { return old }
                insets[keyPath: keyPath] = x
                return .insets(insets)
            }
        case .resizeFont(let size):
            return mver(Schema.label.property("font")!) { old in
                guard case .font(let font) = old else { return old }
                return .font(font.withSize(size))
            }
        case .alphaFunction(let alpha):
            return mut(Schema.view.property("alpha")!, .number(alpha))
        }
    }

    /// Styles every view with its setter, as the cascade would: from the kind's defaults.
    static func run(_ views: [View], _ setters: [Setter], recordingProvenance: Bool) {
        for (view, setter) in zip(views, setters) {
            setter(StyleApplication(view: view, engine: engine, recordsProvenance: recordingProvenance))
        }
    }
}
