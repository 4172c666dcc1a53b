/// A kind of view (`Button`) or of sub-object (`Layer`): a super-kind and typed properties.
///
/// A kind's properties are flattened: sub-objects contribute dotted paths (`layer.cornerRadius`,
/// `titleLabel.font`), and a sub-kind's table starts with its super-kind's, so a property has the
/// same slot in every kind that has it. Views store values in an array indexed by slot, which is
/// what makes applying a style a sequence of array writes.
public final class Kind: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let superKind: Kind?
    /// The declarations written for this kind alone, in order.
    public let declarations: [PropertyDeclaration]
    /// A sub-object kind (`Layer`) is not a view: it has no tree node of its own.
    public let isViewKind: Bool
    /// One line for docs and editor type files.
    public let doc: String
    /// Every property, super-kinds' first; `properties[p.slot] == p`.
    public let properties: [Property]
    /// The slots of the properties that move frames (`Property.affectsLayout`), in order: what
    /// a layout reads of each view (`LayoutTree`), and compares to tell a tree unchanged.
    public let layoutSlots: [Int]
    /// The first segment of every path a key path may start with.
    public let members: [String: Member]
    private let index: [String: Int]
    /// Every property's default, by slot: a new view's values share this storage until written.
    let defaultValues: ValueStore
    /// Each slot's default as its only contribution, shared the same way by views that record
    /// provenance.
    let defaultProvenance: [[Contribution]]
    /// 0 for a root kind, its super-kind's depth + 1 otherwise.
    public let depth: Int
    /// The ancestor filter's keys of this kind and its super-kinds (`AncestorFilter.push`).
    let filterKeys: [Int]
    /// Whether views of this kind are controls (SPEC §6.1): they have `isEnabled`,
    /// `isSelected`, `isHighlighted` and `isFocused`, and so a state. Inherited by sub-kinds.
    public let isControl: Bool
    /// Whether some default is trait-dependent (a dynamic colour): only then are the defaults
    /// resolved for a run's traits (`ResolvedDefaults`).
    let hasTraitDependentDefaults: Bool

    /// What a name on a kind leads to.
    public enum Member: Sendable {
        case property(Property)
        /// A sub-object or sub-view (`layer`, `titleLabel`) with the prefix of its paths.
        case nested(prefix: String, kind: Kind)
    }

    /// `isControl`: the kind is a control; the control properties it does not declare itself
    /// (`Kind.controlDeclarations`) are added after its own. A sub-kind of a control is one.
    public init(name: String, superKind: Kind?, isViewKind: Bool = true, doc: String = "",
                isControl: Bool = false, declarations: [PropertyDeclaration]) {
        self.name = name
        self.superKind = superKind
        let inherited = superKind?.isControl ?? false
        self.isControl = inherited || (isControl && isViewKind)
        var declarations = declarations
        if isControl && isViewKind && !inherited {
            for control in Kind.controlDeclarations where !declarations.contains(where: { $0.name == control.name }) {
                declarations.append(control)
            }
        }
        self.declarations = declarations
        self.isViewKind = isViewKind
        self.doc = doc
        self.depth = superKind.map { $0.depth + 1 } ?? 0
        self.filterKeys = [AncestorFilter.key(kind: name)] + (superKind?.filterKeys ?? [])
        var properties = superKind?.properties ?? []
        var members = superKind?.members ?? [:]
        for declaration in declarations {
            precondition(members[declaration.name] == nil,
                         "Kind \(name) declares '\(declaration.name)' twice or over its super-kind's")
            switch declaration.shape {
            case .value(let type, let defaultValue, let range):
                let p = Property(path: declaration.name, type: type,
                                 defaultValue: defaultValue ?? type.zeroValue, range: range,
                                 doc: declaration.doc, owner: name, slot: properties.count,
                                 affectsLayout: declaration.affectsLayout)
                properties.append(p)
                members[declaration.name] = .property(p)
            case .nested(let nested):
                for inner in nested.properties {
                    properties.append(Property(path: declaration.name + "." + inner.path, type: inner.type,
                                               defaultValue: inner.defaultValue, range: inner.range,
                                               doc: inner.doc, owner: name, slot: properties.count,
                                               affectsLayout: inner.affectsLayout))
                }
                members[declaration.name] = .nested(prefix: declaration.name, kind: nested)
            }
        }
        self.properties = properties
        self.layoutSlots = properties.filter(\.affectsLayout).map(\.slot)
        self.members = members
        self.index = Dictionary(uniqueKeysWithValues: properties.map { ($0.path, $0.slot) })
        // A declared default may depend on the traits (`textColor` is `color.label`); a new
        // view holds it as the default traits take it, and a run for other traits resolves
        // the kind's defaults for them (`hasTraitDependentDefaults`, `ResolvedDefaults`).
        self.defaultValues = ValueStore(defaults: properties.map(\.viewDefault))
        self.hasTraitDependentDefaults = properties.contains { !$0.defaultValue.isTraitIndependent }
        self.lineageIdentifiers = superKind.map { [ObjectIdentifier($0)] + $0.lineageIdentifiers } ?? []
        self.defaultProvenance = properties.map {
            [Contribution(value: $0.defaultValue, origin: .kindDefault, location: nil)]
        }
    }

    /// The property at a dotted path (`"titleLabel.font"`), or nil.
    public func property(_ path: String) -> Property? {
        index[path].map { properties[$0] }
    }

    /// The super-kinds, nearest first (self excluded): `isA(id:)` compares without retaining,
    /// and the rule index looks up their buckets without walking `superKind`.
    let lineageIdentifiers: [ObjectIdentifier]

    /// `isA(_:)` by the other kind's identity, for hot loops that hold kinds as identifiers.
    @inline(__always)
    func isA(id: ObjectIdentifier) -> Bool {
        ObjectIdentifier(self) == id || lineageIdentifiers.contains(id)
    }

    /// Whether this kind is `other` or one of its sub-kinds.
    public func isA(_ other: Kind) -> Bool {
        var k: Kind? = self
        while let c = k {
            if c === other { return true }
            k = c.superKind
        }
        return false
    }

    /// Self, then super-kinds up to the root.
    public var lineage: [Kind] {
        var out: [Kind] = []
        var k: Kind? = self
        while let c = k { out.append(c); k = c.superKind }
        return out
    }

    /// The more specific of two related kinds, or nil when neither is the other's sub-kind.
    public static func mostSpecific(_ a: Kind, _ b: Kind) -> Kind? {
        if a.isA(b) { return a }
        if b.isA(a) { return b }
        return nil
    }

    /// Whether some view could be both kinds (one is the other's sub-kind).
    public func isRelated(to other: Kind) -> Bool { isA(other) || other.isA(self) }

    /// The kind that declared a top-level member (for "`spacing` exists on StackView").
    public func declaringKind(of member: String) -> Kind? {
        var found: Kind?
        for k in lineage where k.declarations.contains(where: { $0.name == member }) { found = k }
        return found
    }

    public var description: String { name }

    public static func == (a: Kind, b: Kind) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Kind {
    /// Whether `other` is this kind as far as a view's values and its matches go: the same
    /// kind, or one of the same name, super-kind and properties (a script's `kind(…)`
    /// evaluated again on reload declares a new `Kind` with the old one's layout).
    public func hasLayout(of other: Kind) -> Bool {
        self === other || (name == other.name && superKind === other.superKind
                           && properties.map(\.path) == other.properties.map(\.path)
                           && properties.map(\.type) == other.properties.map(\.type))
    }
}

public struct PropertyDeclaration: Sendable {
    public enum Shape: Sendable {
        case value(ValueType, defaultValue: Value?, range: NumberRange?)
        case nested(Kind)
    }

    public let name: String
    public let shape: Shape
    public let doc: String
    /// Whether a change of the value can move or resize a view (`text`, `spacing`), so that a
    /// layout must run again; colours and the like keep the frames.
    public var affectsLayout = false

    /// A typed property; `defaultValue` nil means the type's zero (`nil` for optionals).
    public static func value(_ name: String, _ type: ValueType, default defaultValue: Value? = nil,
                             range: NumberRange? = nil, doc: String = "") -> PropertyDeclaration {
        PropertyDeclaration(name: name, shape: .value(type, defaultValue: defaultValue, range: range), doc: doc)
    }

    /// A sub-object (`layer: Layer`) or owned sub-view (`titleLabel: Label`).
    public static func nested(_ name: String, _ kind: Kind, doc: String = "") -> PropertyDeclaration {
        PropertyDeclaration(name: name, shape: .nested(kind), doc: doc)
    }

    /// This declaration, marked as moving or resizing its view when it changes.
    public var layout: PropertyDeclaration {
        var d = self
        d.affectsLayout = true
        return d
    }
}

/// A flattened property of a kind.
/// One declared property: written once, read by bindings, validation, printing, JSON and docs.
///
/// A class, though it compares as a value: key paths and literals hold their property, and
/// holding a reference rather than its 136 bytes (with three strings to retain at every copy)
/// halves a constructor literal and keeps copies of key paths cheap.
public final class Property: Hashable, Sendable {
    /// Dotted from the kind (`"layer.cornerRadius"`).
    public let path: String
    public let type: ValueType
    /// The default as declared, which may depend on the traits (`Label.textColor` is
    /// `color.label`): what docs, `kinds`, hovers and provenance show.
    public let defaultValue: Value
    /// The default a new view holds: `defaultValue` as the default traits take it
    /// (`#000000` for `color.label`). What "changed from the default" is measured against.
    public let viewDefault: Value
    public let range: NumberRange?
    public let doc: String
    /// The kind whose declaration introduced it (for messages: `View.alpha`).
    public let owner: String
    /// Index into a view's value array.
    public let slot: Int
    /// Whether a change can move or resize a view: a layout runs again only after one of these.
    public let affectsLayout: Bool

    init(path: String, type: ValueType, defaultValue: Value, range: NumberRange?, doc: String, owner: String, slot: Int,
         affectsLayout: Bool = false) {
        self.affectsLayout = affectsLayout
        self.path = path
        self.type = type
        self.defaultValue = defaultValue
        self.viewDefault = defaultValue.resolved(for: .default)
        self.range = range
        self.doc = doc
        self.owner = owner
        self.slot = slot
    }

    /// `Owner.path`, as messages name it.
    public var qualifiedName: String { "\(owner).\(path)" }

    /// Equal when every field is: two kinds' flattened copies of one declaration compare as
    /// they did when properties were values.
    public static func == (a: Property, b: Property) -> Bool {
        a === b || (a.slot == b.slot && a.path == b.path && a.owner == b.owner && a.type == b.type
                    && a.defaultValue == b.defaultValue && a.range == b.range && a.doc == b.doc)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(owner)
        hasher.combine(slot)
        hasher.combine(type)
    }
}
