/// The kinds a runtime knows: the standard ones, those a host registers, those a script declares.
///
/// A schema is a value a runtime owns; each evaluation works on its own copy (a struct, copied
/// when the evaluation takes it), so kinds declared by one script (`kind("GradientView", …)`)
/// never leak into the next.
public struct Schema: Sendable {
    public private(set) var kinds: [String: Kind]
    /// Registration order, for docs and type files.
    public private(set) var order: [Kind]

    public init(kinds: [Kind] = Schema.standardKinds) {
        self.kinds = [:]
        self.order = []
        for k in kinds { self.kinds[k.name] = k; order.append(k) }
    }

    public static let standard = Schema()

    public func kind(named name: String) -> Kind? { kinds[name] }

    /// Why a kind cannot be registered.
    public enum RegistrationError: Error, Equatable, Sendable {
        case duplicateKind(String)
        case invalidName(String)
        case duplicateProperty(String)
        case superKindNotRegistered(String)

        public var message: String {
            switch self {
            case .duplicateKind(let n): "A kind named '\(n)' already exists."
            case .invalidName(let n): "'\(n)' is not a valid name; use letters, digits and '_', starting with a letter."
            case .duplicateProperty(let n): "The property '\(n)' is declared twice or already exists on the super-kind."
            case .superKindNotRegistered(let n): "The super-kind '\(n)' is not registered."
            }
        }
    }

    /// Registers a view kind under `superKind` with its own properties.
    ///
    ///     try schema.register("GradientView", superKind: Schema.view, properties: [
    ///         .value("fromColor", .optional(.color)), .value("toColor", .optional(.color)),
    ///     ])
    @discardableResult
    public mutating func register(_ name: String, superKind: Kind, doc: String = "", isControl: Bool = false,
                                  properties: [PropertyDeclaration]) throws(RegistrationError) -> Kind {
        guard name.isIdentifier else { throw .invalidName(name) }
        guard kinds[name] == nil else { throw .duplicateKind(name) }
        guard kinds[superKind.name] === superKind else { throw .superKindNotRegistered(superKind.name) }
        var seen = Set<String>()
        for p in properties {
            guard p.name.isIdentifier else { throw .invalidName(p.name) }
            guard seen.insert(p.name).inserted, superKind.members[p.name] == nil else { throw .duplicateProperty(p.name) }
        }
        if isControl && !superKind.isControl {
            // The control properties come with `control = true`: declaring one is declaring it twice.
            for p in properties where Kind.controlDeclarations.contains(where: { $0.name == p.name }) { throw .duplicateProperty(p.name) }
        }
        let kind = Kind(name: name, superKind: superKind, doc: doc, isControl: isControl, declarations: properties)
        kinds[name] = kind
        order.append(kind)
        return kind
    }

    /// The view kinds, in registration order.
    public var viewKinds: [Kind] { order.filter(\.isViewKind) }
}
