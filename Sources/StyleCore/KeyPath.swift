/// A typed key path into a kind: `\Button.titleLabel.font`, `\View.layoutMargins.bottom`.
///
/// It knows its root kind and what it reaches: a property, a numeric field of a compound
/// property, or a sub-object (`View.layer`, which can be indexed further but not set).
public struct StyleKeyPath: Hashable, Sendable, CustomStringConvertible {
    public enum Target: Hashable, Sendable {
        case property(Property)
        /// A numeric field of an Insets or Size property (`layoutMargins.bottom`).
        case field(Property, String)
        /// A sub-object or sub-view; only a prefix.
        case object(prefix: String, kind: Kind)
    }

    public let root: Kind
    public let target: Target

    /// The dotted path from the root (`"titleLabel.font"`, `"layoutMargins.bottom"`).
    public var path: String {
        switch target {
        case .property(let p): p.path
        case .field(let p, let f): p.path + "." + f
        case .object(let prefix, _): prefix
        }
    }

    /// The type a value set through this path must have; nil for a sub-object.
    public var valueType: ValueType? {
        switch target {
        case .property(let p): p.type
        case .field: .number
        case .object: nil
        }
    }

    /// The property this path sets, or nil for a sub-object.
    public var property: Property? {
        switch target {
        case .property(let p), .field(let p, _): p
        case .object: nil
        }
    }

    public var description: String { "\\\(root.name).\(path)" }

    /// The key path of `components` from `kind`, or why it has none: the first name that `kind`
    /// (or the sub-object or value before it) does not have.
    ///
    ///     StyleKeyPath.resolve(["layer", "cornerRadius"], in: Schema.view)    // .success(\View.layer.cornerRadius)
    ///     StyleKeyPath.resolve(["layoutMargin"], in: Schema.view)             // .failure(.unknownMember("layoutMargin", …))
    public static func resolve(_ components: [String], in kind: Kind) -> Result<StyleKeyPath, PathError> {
        precondition(!components.isEmpty, "A key path has at least one component")
        var current = StyleKeyPath?.none
        for name in components {
            switch extend(current, name, root: kind) {
            case .success(let next): current = next
            case .failure(let e): return .failure(e)
            }
        }
        return .success(current!)
    }

    /// `self.name`: the key path one component longer.
    public func appending(_ name: String) -> Result<StyleKeyPath, PathError> {
        StyleKeyPath.extend(self, name, root: root)
    }

    private static func extend(_ base: StyleKeyPath?, _ name: String, root: Kind) -> Result<StyleKeyPath, PathError> {
        guard let base else {
            switch root.members[name] {
            case .property(let p)?: return .success(StyleKeyPath(root: root, target: .property(p)))
            case .nested(let prefix, let kind)?: return .success(StyleKeyPath(root: root, target: .object(prefix: prefix, kind: kind)))
            case nil: return .failure(.unknownMember(name, on: root.name, candidates: Array(root.members.keys), kind: root))
            }
        }
        switch base.target {
        case .object(let prefix, let kind):
            switch kind.members[name] {
            case .property?:
                return .success(StyleKeyPath(root: root, target: .property(root.property(prefix + "." + name)!)))
            case .nested(let innerPrefix, let inner)?:
                return .success(StyleKeyPath(root: root, target: .object(prefix: prefix + "." + innerPrefix, kind: inner)))
            case nil:
                return .failure(.unknownMember(name, on: "\(root.name).\(prefix)", candidates: Array(kind.members.keys), kind: kind))
            }
        case .property(let p):
            let fields = p.type.fieldNames
            guard fields.contains(name) else {
                return .failure(.noFields(name, on: "\(root.name).\(p.path)", type: p.type, candidates: fields))
            }
            return .success(StyleKeyPath(root: root, target: .field(p, name)))
        case .field(let p, let f):
            return .failure(.noFields(name, on: "\(root.name).\(p.path).\(f)", type: .number, candidates: []))
        }
    }

    /// Why a path does not resolve.
    public enum PathError: Error, Hashable, Sendable {
        case unknownMember(String, on: String, candidates: [String], kind: Kind)
        case noFields(String, on: String, type: ValueType, candidates: [String])

        public var name: String {
            switch self {
            case .unknownMember(let n, _, _, _), .noFields(let n, _, _, _): n
            }
        }

        public var suggestion: String? {
            switch self {
            case .unknownMember(let n, _, let c, _), .noFields(let n, _, _, let c): Suggestion.closest(to: n, among: c)
            }
        }

        /// `View has no property 'layoutMargin'. Did you mean 'layoutMargins'?`
        public var message: String {
            let hint = Suggestion.sentence(suggestion)
            switch self {
            case .unknownMember(let n, let on, _, _):
                return "\(on) has no property '\(n)'.\(hint)"
            case .noFields(let n, let on, let type, _):
                return "'\(on)' is \(type.wrapped.description.first.map { "AEIOU".contains($0) } == true ? "an" : "a") \(type.wrapped) and has no field '\(n)'.\(hint)"
            }
        }
    }
}
