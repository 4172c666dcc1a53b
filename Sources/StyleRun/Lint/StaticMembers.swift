import LuaSyntax
import StyleCore
import StyleLua

// Indexing values: key paths on kinds, members of the view inside a style function, and the
// constructors of the `color`, `font` and `image` namespaces.
extension StaticAnalysis {
    func member(of base: StaticValue, _ name: MemberName) -> StaticValue {
        switch base {
        case .kind(let kind):
            return keyPath(StyleKeyPath.resolve([name.text], in: kind), name)
        case .keyPath(let kp):
            return keyPath(kp.appending(name.text), name)
        case .proxy(let proxy):
            return readProxy(proxy, name)
        case .namespace(let namespace):
            // The table's members: the functions the checker follows, and the named colours.
            let owner = namespace.rawValue
            guard let entry = APITable.members(of: owner).first(where: { $0.name == name.text }) else {
                return unknownMember(of: owner, name, members: APITable.memberNames(of: owner))
            }
            if entry.role == .constant, let c = Color.named[name.text] { return .value(.typed(.color(c), at: name.range)) }
            return APIFunction(rawValue: entry.messageName).map { .api($0) } ?? .unknown
        case .module(let module, let members):
            return members.contains(name.text) ? .unknown : unknownMember(of: module, name, members: members.sorted())
        default:
            return .unknown
        }
    }

    /// `color.redd`: the runtime's error, at the name.
    private func unknownMember(of owner: String, _ name: MemberName, members: [String]) -> StaticValue {
        report(APIMisuse.unknownMember(owner: owner, name: name.text, members: members), at: name.range)
        return .unknown
    }

    /// A key path one name longer, or the error the runtime raises at that name.
    private func keyPath(_ result: Result<StyleKeyPath, StyleKeyPath.PathError>, _ name: MemberName) -> StaticValue {
        switch result {
        case .success(let kp): return .keyPath(kp)
        case .failure(let error):
            var kind: Kind?
            if case .unknownMember(_, _, _, let k) = error { kind = k }
            report(.unknownProperty, pathMessage(error, name: name.text, kind: kind), at: name.range,
                   suggestions: error.suggestion.map { [$0] } ?? [])
            return .unknown
        }
    }

    /// The runtime's words for a path that does not resolve: the path error, and where no name
    /// is close, the kind that has it (`'spacing' exists on StackView, not Label.`).
    func pathMessage(_ error: StyleKeyPath.PathError, name: String, kind: Kind?) -> String {
        var message = error.message
        if error.suggestion == nil, case .unknownMember = error, let kind, let elsewhere = kindDeclaring(name, notIn: kind) {
            message += " '\(name)' exists on \(elsewhere.name), not \(kind.name)."
        }
        return message
    }

    /// A view kind that declares `member`, as `Evaluation.kindDeclaring` finds it.
    func kindDeclaring(_ member: String, notIn kind: Kind) -> Kind? {
        schema.viewKinds.first { $0.declarations.contains { $0.name == member } && !kind.isA($0) }
    }

    /// The kinds a view of `kind` may also be.
    func subKinds(of kind: Kind) -> [Kind] {
        schema.viewKinds.filter { $0 !== kind && $0.isA(kind) }
    }

    /// `f:bolded()` and the other methods of values; only fonts' are followed.
    func method(_ name: String, of receiver: StaticValue, at range: SourceRange, nameRange: SourceRange) -> StaticValue {
        guard case .value(let literal) = receiver else { return .unknown }
        let type: String?
        switch literal.value {
        case .font: type = "Font"
        case .color: type = "Color"
        default: type = nil
        }
        if let type, !APITable.memberNames(of: type).contains(name) {
            let unknown = APITable.unknownMemberMessage(name, on: type)
            report(.unknownProperty, unknown.message, at: nameRange, suggestions: unknown.suggestion.map { [$0] } ?? [])
            return .unknown
        }
        switch (literal.value, name) {
        case (.font, "bolded"), (.font, "italic"), (.font, "smallCaps"), (.font, "withSize"), (.font, "withWeight"):
            return .value(.typed(literal.value, at: range))
        case (.color, "withAlpha"):
            return .value(.typed(literal.value, at: range, colorLiteral: literal.isColorLiteral))
        default:
            return .unknown
        }
    }

    // MARK: The view inside a style function

    /// `v.name`: a sub-object, a value of the property's type, or an error when neither the kind
    /// nor any of its sub-kinds has the member.
    func readProxy(_ proxy: ViewProxy, _ name: MemberName) -> StaticValue {
        if proxy.prefix.isEmpty, ["id", "kind", "classes"].contains(name.text) { return .unknown }
        guard let kp = resolveOnProxy(proxy, name) else { return .unknown }
        switch kp.target {
        case .object:
            return .proxy(ViewProxy(kind: proxy.kind, prefix: proxy.prefix + [name.text]))
        case .property, .field:
            guard let type = kp.valueType else { return .unknown }
            return .value(.typed(type.wrapped.zeroValue, at: name.range))
        }
    }

    /// `v.name = value`: the member must exist, and a literal must suit its type.
    func writeProxy(_ proxy: ViewProxy, _ name: MemberName, value: StaticValue, expression: LuaExpression) {
        if proxy.prefix.isEmpty, ["id", "kind", "classes"].contains(name.text) {
            report(.sandbox, "A style cannot change a view's \(name.text); set it in the view's constructor.", at: name.range)
            return
        }
        guard let kp = resolveOnProxy(proxy, name) else { return }
        checkAssigned(value, expression, to: kp, name: name, inStyle: true)
    }

    /// The key path of `v.prefix.name` on the proxy's kind; nil when it resolves only on a
    /// sub-kind (the view it runs on decides) or not at all (reported).
    private func resolveOnProxy(_ proxy: ViewProxy, _ name: MemberName) -> StyleKeyPath? {
        let components = proxy.prefix + [name.text]
        switch StyleKeyPath.resolve(components, in: proxy.kind) {
        case .success(let kp):
            return kp
        case .failure(let error):
            if subKinds(of: proxy.kind).contains(where: { StyleKeyPath.resolve(components, in: $0).isSuccess }) { return nil }
            let message = pathMessage(error, name: name.text, kind: proxy.prefix.isEmpty ? proxy.kind : nil)
            report(.unknownProperty, message, at: name.range, suggestions: error.suggestion.map { [$0] } ?? [])
            return nil
        }
    }
}
