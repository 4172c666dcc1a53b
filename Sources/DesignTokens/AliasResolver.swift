import StyleCore

/// Follows aliases (`"{group.token}"`, also inside composite values) and `$ref` pointers, and
/// reads each token's value as its type says, remembering the chain of tokens passed through.
struct AliasResolver {
    let set: TokenSet
    var done: [String: ResolvedToken] = [:]
    /// Tokens that could not be resolved: asked again, they give nil without a second error.
    var failed: Set<String> = []
    var stack: [String] = []
    var errors: [LocatedTokenError] = []
    var warnings: [LocatedTokenError] = []

    init(set: TokenSet) { self.set = set }

    /// Resolves a token by name; nil (with the error recorded) when it cannot be.
    mutating func resolve(_ name: String) -> ResolvedToken? {
        if let r = done[name] { return r }
        if failed.contains(name) { return nil }
        guard let def = set.definitions[name] else { return nil }
        stack.append(name)
        defer { stack.removeLast() }
        do throws(LocatedTokenError) {
            let r = try read(def)
            done[name] = r
            return r
        } catch {
            failed.insert(name)
            if case .brokenTarget = error.error {} else if !errors.contains(error) { errors.append(error) }
            return nil
        }
    }

    private func location(_ def: TokenDefinition, _ p: PositionedJSON.Position) -> SourceLocation {
        SourceLocation(file: def.location.file, line: p.line, column: p.column)
    }

    private mutating func read(_ def: TokenDefinition) throws(LocatedTokenError) -> ResolvedToken {
        // A whole-value alias: the token is its target, through the chain.
        if let (target, at) = try wholeAlias(def.value, in: def) {
            let r = try follow(target, from: def, at: at)
            if let expected = def.type, expected != r.value.type {
                throw .init(.typeMismatch(alias: target, token: def.name, expected: expected.rawValue, got: r.value.type.rawValue), at: at)
            }
            return ResolvedToken(definition: def, value: r.value, chain: [AliasStep(token: r.name, location: r.definition.location)] + r.chain)
        }
        guard let type = def.type else {
            if def.hasInvalidType { throw .init(.brokenTarget(def.name), at: def.location) }
            throw .init(.missingType(token: def.name), at: def.location)
        }
        let value = try value(def.value, as: type, in: def)
        return ResolvedToken(definition: def, value: value, chain: [])
    }

    /// The target of `"{a.b}"`, or of `{"$ref": "#/a/b"}` when it names a whole token.
    mutating func wholeAlias(_ json: PositionedJSON, in def: TokenDefinition) throws(LocatedTokenError) -> (String, SourceLocation)? {
        if let s = json.string, s.hasPrefix("{") {
            guard s.hasSuffix("}"), s.count > 2 else {
                throw .init(.unknownAlias(s, in: def.name, suggestion: nil), at: location(def, json.position))
            }
            return (String(s.dropFirst().dropLast()), location(def, json.position))
        }
        if let members = json.members, members.count == 1, members[0].key == "$ref", let pointer = members[0].value.string {
            let at = location(def, members[0].value.position)
            guard let segments = JSONPointer.segments(pointer) else {
                throw .init(.badPointer(pointer, reason: "only pointers into the same file ('#/…') are followed"), at: at)
            }
            // `#/a/b` and `#/a/b/$value` both name the token a.b.
            var tokenPath = segments
            if tokenPath.last == "$value" { tokenPath.removeLast() }
            let name = tokenPath.joined(separator: ".")
            if set.definitions[name] != nil { return (name, at) }
        }
        return nil
    }

    /// The token an alias names, resolved; an unknown one, a group, or a cycle is an error at `at`.
    mutating func follow(_ target: String, from def: TokenDefinition, at: SourceLocation) throws(LocatedTokenError) -> ResolvedToken {
        guard let targetDef = set.definitions[target] else {
            if set.groups.contains(target) { throw .init(.aliasToGroup(target, in: def.name), at: at) }
            throw .init(.unknownAlias(target, in: def.name, suggestion: set.suggestion(for: target)), at: at)
        }
        if let start = stack.firstIndex(of: target) {
            throw .init(.circularAlias(Array(stack[start...]) + [target]), at: at)
        }
        if let note = targetDef.deprecated {
            let w = LocatedTokenError(.deprecatedUse(token: target, note: note.isEmpty ? nil : note), at: at)
            if !warnings.contains(w) { warnings.append(w) }
        }
        guard let r = resolve(target) else {
            // The target's own error is reported where it is; this token fails with it.
            if let cycleError = errors.last, case .circularAlias(let cycle) = cycleError.error, cycle.contains(target) { throw cycleError }
            throw .init(.brokenTarget(target), at: at)
        }
        return r
    }
}
